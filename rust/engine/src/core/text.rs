//! The grammar pieces the three games' text forms share (docs/text-format.md): the
//! `hearts-fast/1 KIND` header, the line tokenizer, strict values (ints, booleans, cards,
//! card lists, generators), the `rules` line of `name=value` pairs, and the typed
//! [`TextError`].

use crate::core::rules::RuleSet;
use crate::core::Card;
use crate::core::Rng;
use std::fmt;

/// The format name and version every text starts with.
pub const FORMAT: &str = "hearts-fast/1";

/// The six kinds of text.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub enum Kind {
    /// One Hearts hand.
    HeartsState,
    /// A whole Hearts game.
    HeartsGame,
    /// One Spades hand.
    SpadesState,
    /// A whole Spades game.
    SpadesGame,
    /// One rummy hand.
    RummyState,
    /// A whole rummy game.
    RummyGame,
    /// What one seat knows of a Hearts hand.
    HeartsInfo,
    /// What one seat knows of a Spades hand.
    SpadesInfo,
}

impl Kind {
    /// The kind as the header writes it: `hearts-state`, `spades-game`, …
    pub const fn name(self) -> &'static str {
        match self {
            Kind::HeartsState => "hearts-state",
            Kind::HeartsGame => "hearts-game",
            Kind::SpadesState => "spades-state",
            Kind::SpadesGame => "spades-game",
            Kind::RummyState => "rummy-state",
            Kind::RummyGame => "rummy-game",
            Kind::HeartsInfo => "hearts-info",
            Kind::SpadesInfo => "spades-info",
        }
    }
}

/// What is wrong with a text.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum TextProblem {
    /// The first line is not `hearts-fast/N KIND`.
    #[error(
        "not a hearts-fast text: it must start with the line \"{FORMAT} KIND\" \
         (KIND hearts-state, hearts-game, spades-state, spades-game, rummy-state, \
         rummy-game, hearts-info or spades-info)"
    )]
    NotHeartsFast,
    /// A version other than 1.
    #[error("text format version {0:?} is not supported; this engine reads {FORMAT}")]
    Version(String),
    /// Another kind than the reader's.
    #[error("this is a {got} text; this reader takes a {kind} text", kind = .expected.name())]
    WrongKind {
        /// The reader's kind.
        expected: Kind,
        /// The text's kind.
        got: String,
    },
    /// The text ends where a line was expected.
    #[error("the text ends where {0} was expected")]
    MissingLine(&'static str),
    /// A line other than the one expected here.
    #[error("expected {expected} here")]
    UnexpectedLine {
        /// What was expected.
        expected: &'static str,
    },
    /// A malformed value or field.
    #[error("{what}: expected {expected}")]
    Syntax {
        /// The field or token.
        what: String,
        /// What is allowed there.
        expected: String,
    },
    /// Rules the rules constructor refuses.
    #[error("invalid rules: {0}")]
    Rules(String),
    /// A deal the constructors refuse.
    #[error("invalid deal: {0}")]
    Deal(String),
    /// A move the engine refuses at that point.
    #[error("{token:?} is not legal at this point: {reason}")]
    Illegal {
        /// The move's token.
        token: String,
        /// The engine's reason.
        reason: String,
    },
    /// A value that differs from what the play so far implies.
    #[error("{0}")]
    Inconsistent(String),
    /// A non-ASCII or control character.
    #[error("only printable ASCII, spaces and line ends may occur in a text")]
    Character,
}

/// A text that cannot be read: where (line number from 1 and keyword) and what.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("invalid text{}: {problem}", location(.at.as_ref()))]
pub struct TextError {
    /// The line (from 1) and its keyword, if the problem is on one line.
    pub at: Option<(usize, String)>,
    /// What is wrong.
    pub problem: TextProblem,
}

impl TextError {
    /// A problem not tied to one line.
    pub const fn new(problem: TextProblem) -> TextError {
        TextError { at: None, problem }
    }
}

/// Where a [`TextError`] is, as its message writes it: `, line N (KEYWORD)`, or nothing when
/// the problem is not tied to one line.
fn location(at: Option<&(usize, String)>) -> String {
    at.map_or_else(String::new, |(n, k)| format!(", line {n} ({k})"))
}

/// A syntax problem.
pub fn syntax(what: impl Into<String>, expected: impl Into<String>) -> TextProblem {
    TextProblem::Syntax {
        what: what.into(),
        expected: expected.into(),
    }
}

// ---------------------------------------------------------------- lines

/// One line: its number (from 1), keyword and fields.
#[derive(Clone, Debug)]
pub struct Line<'a> {
    /// The line number, from 1.
    pub number: usize,
    /// The first token.
    pub keyword: &'a str,
    /// The other tokens.
    pub fields: Vec<&'a str>,
}

impl<'a> Line<'a> {
    /// An error on this line.
    pub fn err(&self, problem: TextProblem) -> TextError {
        TextError {
            at: Some((self.number, self.keyword.to_string())),
            problem,
        }
    }

    /// The fields as `name=value` pairs with exactly these names in this order; the values.
    pub fn pairs(&self, names: &[&str]) -> Result<Vec<&'a str>, TextError> {
        let want = || {
            names
                .iter()
                .map(|n| format!("{n}=…"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if self.fields.len() != names.len() {
            return Err(self.err(syntax(
                format!("the fields {:?}", self.fields.join(" ")),
                want(),
            )));
        }
        self.fields
            .iter()
            .zip(names)
            .map(|(f, n)| {
                f.strip_prefix(n)
                    .and_then(|r| r.strip_prefix('='))
                    .ok_or_else(|| self.err(syntax(format!("the field {f:?}"), want())))
            })
            .collect()
    }

    /// Every field read by `parse` (the actions of a hand, for one).
    pub fn each<T>(
        &self,
        parse: impl Fn(&Self, &str) -> Result<T, TextError>,
    ) -> Result<Vec<T>, TextError> {
        self.fields.iter().map(|t| parse(self, t)).collect()
    }

    /// Maps a problem of one value to an error on this line.
    pub fn at<T>(&self, r: Result<T, TextProblem>) -> Result<T, TextError> {
        r.map_err(|p| self.err(p))
    }
}

/// A hand's `hand` line: the line, and the `dealer=` and `index=` it starts with
/// ([`Lines::hand`]).
#[derive(Clone, Debug)]
pub struct HandLine<'a> {
    /// The line.
    pub line: Line<'a>,
    /// The dealer (its range is the game's to check).
    pub dealer: u8,
    /// The hand index.
    pub index: u64,
}

/// A hand's `actions` line and the actions read from it ([`Lines::actions`]).
#[derive(Clone, Debug)]
pub struct Actions<'a, A> {
    /// The line.
    pub line: Line<'a>,
    /// The actions, in order.
    pub list: Vec<A>,
}

/// Checks how hand `h` of a game text ends, once its actions are replayed: `finished` says
/// whether the game recorded the hand as played, `over` whether the game is over, `next` is
/// the following hand's line (`None` for the last hand) and `actions` the hand's actions
/// line. A hand may follow only a finished hand of a game that goes on; the last hand may be
/// finished only if the game is over.
pub fn check_hand_chain(
    h: usize,
    (finished, over): (bool, bool),
    next: Option<&Line<'_>>,
    actions: &Line<'_>,
) -> Result<(), TextError> {
    let problem = |why: String| TextProblem::Inconsistent(why);
    match next {
        Some(next) if !finished => Err(next.err(problem(format!(
            "hand {h} is not finished, so no hand may follow it"
        )))),
        Some(next) if over => Err(next.err(problem(format!(
            "the game is over after hand {h}, so no hand may follow it"
        )))),
        None if finished && !over => Err(actions.err(problem(format!(
            "hand {h} is finished and the game goes on: the text must hold hand {}",
            h + 1
        )))),
        _ => Ok(()),
    }
}

/// The lines of a text after the header, skipping blank and comment lines.
#[derive(Debug)]
pub struct Lines<'a> {
    lines: Vec<Line<'a>>,
    next: usize,
}

impl<'a> Lines<'a> {
    /// Splits `text`, checks the header is `hearts-fast/1 KIND` for `kind`.
    pub fn new(text: &'a str, kind: Kind) -> Result<Lines<'a>, TextError> {
        let mut lines = Vec::new();
        for (i, raw) in text.split('\n').enumerate() {
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            if raw.bytes().any(|b| !(b' '..=b'~').contains(&b)) {
                return Err(TextError {
                    at: Some((i + 1, String::new())),
                    problem: TextProblem::Character,
                });
            }
            let mut tokens = raw.split(' ').filter(|t| !t.is_empty());
            let Some(keyword) = tokens.next() else {
                continue;
            };
            if keyword.starts_with('#') {
                continue;
            }
            lines.push(Line {
                number: i + 1,
                keyword,
                fields: tokens.collect(),
            });
        }
        let Some(head) = lines.first() else {
            return Err(TextError::new(TextProblem::NotHeartsFast));
        };
        if head.keyword != FORMAT {
            return Err(TextError::new(
                match head.keyword.strip_prefix("hearts-fast/") {
                    Some(v) => TextProblem::Version(v.to_string()),
                    None => TextProblem::NotHeartsFast,
                },
            ));
        }
        match head.fields.as_slice() {
            [k] if *k == kind.name() => {}
            [k] => {
                return Err(TextError::new(TextProblem::WrongKind {
                    expected: kind,
                    got: (*k).to_string(),
                }))
            }
            _ => return Err(TextError::new(TextProblem::NotHeartsFast)),
        }
        Ok(Lines { lines, next: 1 })
    }

    /// The keyword of the next line, if any.
    pub fn peek(&self) -> Option<&'a str> {
        self.lines.get(self.next).map(|l| l.keyword)
    }

    /// The next line, which must have `keyword`.
    pub fn expect(&mut self, keyword: &'static str) -> Result<Line<'a>, TextError> {
        match self.lines.get(self.next) {
            None => Err(TextError::new(TextProblem::MissingLine(keyword_line(
                keyword,
            )))),
            Some(l) if l.keyword == keyword => {
                self.next += 1;
                Ok(l.clone())
            }
            Some(l) => Err(l.err(TextProblem::UnexpectedLine {
                expected: keyword_line(keyword),
            })),
        }
    }

    /// The next line, `hand dealer=D index=I` and then the fields `more`: the line with D
    /// and I read, and the values of `more`.
    pub fn hand(&mut self, more: &[&str]) -> Result<(HandLine<'a>, Vec<&'a str>), TextError> {
        let line = self.expect("hand")?;
        let names: Vec<&str> = ["dealer", "index"].iter().chain(more).copied().collect();
        let v = line.pairs(&names)?;
        let dealer = line.at(int::<u8>("dealer", v[0]))?;
        let index = line.at(int::<u64>("index", v[1]))?;
        let more = v[2..].to_vec();
        Ok((
            HandLine {
                line,
                dealer,
                index,
            },
            more,
        ))
    }

    /// The next line, an `actions` line, with every field read by `parse`.
    pub fn actions<A>(
        &mut self,
        parse: impl Fn(&Line<'a>, &str) -> Result<A, TextError>,
    ) -> Result<Actions<'a, A>, TextError> {
        let line = self.expect("actions")?;
        let list = line.each(parse)?;
        Ok(Actions { line, list })
    }

    /// The next line if it has `keyword`.
    pub fn take_if(&mut self, keyword: &str) -> Option<Line<'a>> {
        let l = self.lines.get(self.next).filter(|l| l.keyword == keyword)?;
        self.next += 1;
        Some(l.clone())
    }

    /// Checks that no line is left.
    pub fn finish(&self) -> Result<(), TextError> {
        match self.lines.get(self.next) {
            None => Ok(()),
            Some(l) => Err(l.err(TextProblem::UnexpectedLine {
                expected: "the end of the text",
            })),
        }
    }
}

fn keyword_line(keyword: &'static str) -> &'static str {
    match keyword {
        "rules" => "a \"rules\" line",
        "hand" => "a \"hand\" line",
        "deal" => "a \"deal\" line",
        "actions" => "an \"actions\" line",
        "future" => "a \"future\" line",
        "game" => "a \"game\" line",
        _ => "another line",
    }
}

/// The header line.
pub fn header(kind: Kind) -> String {
    format!("{FORMAT} {}\n", kind.name())
}

// ---------------------------------------------------------------- values

/// A strict int (`0|-?[1-9][0-9]*`) within the type's range.
pub fn int<T: TryFrom<i128>>(what: &str, v: &str) -> Result<T, TextProblem> {
    let digits = v.strip_prefix('-').unwrap_or(v);
    let well_formed = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && v != "-0"
        && digits.len() <= 38;
    let n: Option<i128> = if well_formed { v.parse().ok() } else { None };
    n.and_then(|n| T::try_from(n).ok()).ok_or_else(|| {
        syntax(
            format!("{what} {v:?}"),
            "an int in range (written 0 or -?[1-9][0-9]*)",
        )
    })
}

/// Ints joined by `,`.
pub fn int_list<T: TryFrom<i128>>(what: &str, v: &str) -> Result<Vec<T>, TextProblem> {
    v.split(',').map(|x| int(what, x)).collect()
}

/// A list of displayable values joined by `,`.
pub fn join<T: fmt::Display>(xs: impl IntoIterator<Item = T>) -> String {
    xs.into_iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `true` or `false`.
pub fn boolean(what: &str, v: &str) -> Result<bool, TextProblem> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(syntax(format!("{what} {v:?}"), "true or false")),
    }
}

/// Which joker names a game's cards have.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum Jokers {
    /// No jokers (Hearts).
    None,
    /// `LJ` = 52, `BJ` = 53 (Spades).
    Spades,
    /// `JK` = 52 (rummy).
    Rummy,
}

const RANKS: &[u8; 13] = b"23456789TJQKA";
const SUITS: &[u8; 4] = b"CDHS";

/// A card id's name in the text format.
pub fn card_name(id: u8, jokers: Jokers) -> String {
    match (id, jokers) {
        (52, Jokers::Rummy) => "JK".into(),
        (52, _) => "LJ".into(),
        (53, _) => "BJ".into(),
        _ => {
            let (s, r) = (usize::from(id / 13), usize::from(id % 13));
            format!("{}{}", RANKS[r] as char, SUITS[s % 4] as char)
        }
    }
}

/// A card name of the text format (upper-case, two characters) as an id.
pub fn card_id(v: &str, jokers: Jokers) -> Result<u8, TextProblem> {
    let bad = || {
        syntax(
            format!("card {v:?}"),
            match jokers {
                Jokers::None => "a card such as 2C, TH, QS (rank 23456789TJQKA, suit CDHS)",
                Jokers::Spades => {
                    "a card such as 2C, TH, QS (rank 23456789TJQKA, suit CDHS), LJ or BJ"
                }
                Jokers::Rummy => "a card such as 2C, TH, QS (rank 23456789TJQKA, suit CDHS) or JK",
            },
        )
    };
    match (v, jokers) {
        ("LJ", Jokers::Spades) | ("JK", Jokers::Rummy) => return Ok(52),
        ("BJ", Jokers::Spades) => return Ok(53),
        _ => {}
    }
    let b = v.as_bytes();
    if b.len() != 2 {
        return Err(bad());
    }
    let r = RANKS.iter().position(|&x| x == b[0]).ok_or_else(bad)?;
    let s = SUITS.iter().position(|&x| x == b[1]).ok_or_else(bad)?;
    Ok((s * 13 + r) as u8)
}

/// A [`Card`] (no jokers beyond what `jokers` names).
pub fn card(v: &str, jokers: Jokers) -> Result<Card, TextProblem> {
    let id = card_id(v, jokers)?;
    Card::try_new_with_jokers(id).ok_or_else(|| syntax(format!("card {v:?}"), "a card"))
}

/// Card ids as a card list (`-` when empty).
pub fn card_list(ids: impl IntoIterator<Item = u8>, jokers: Jokers) -> String {
    let names: Vec<String> = ids.into_iter().map(|c| card_name(c, jokers)).collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(",")
    }
}

/// A card list as ids, in the order written (`-` is empty).
pub fn card_ids(v: &str, jokers: Jokers) -> Result<Vec<u8>, TextProblem> {
    if v == "-" {
        return Ok(Vec::new());
    }
    v.split(',').map(|c| card_id(c, jokers)).collect()
}

/// A generator as `wyrand:HEX`.
pub fn generator(rng: Rng) -> String {
    format!("wyrand:{:016x}", rng.state())
}

/// Reads a generator: `wyrand:` restores it; another engine's kind (lower-case letters and
/// digits, then `:` and lower-case hex digits, 16 or more) seeds a new one from its first
/// 16 hex digits, as the constructors' `seed=` would.
pub fn read_generator(what: &str, v: &str) -> Result<Rng, TextProblem> {
    let bad = || {
        syntax(
            format!("{what} {v:?}"),
            "a generator such as wyrand: and 16 lower-case hex digits",
        )
    };
    let (kind, hex) = v.split_once(':').ok_or_else(bad)?;
    let kind_ok = !kind.is_empty()
        && kind
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    let hex_ok = hex.len() >= 16 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if !kind_ok || !hex_ok || (kind == "wyrand" && hex.len() != 16) {
        return Err(bad());
    }
    let n = u64::from_str_radix(&hex[..16], 16).map_err(|_| bad())?;
    Ok(if kind == "wyrand" {
        Rng::from_state(n)
    } else {
        Rng::new(n)
    })
}

// ---------------------------------------------------------------- rules

/// The `rules` line: the parameters that differ from the defaults, in table order.
pub fn rules_line<R: RuleSet>(r: &R) -> String {
    let d = R::default();
    let mut out = String::from("rules");
    for p in R::PARAMS {
        let v = r.get_text(p.name).unwrap_or_default();
        if Some(&v) != d.get_text(p.name).as_ref() {
            out.push(' ');
            out.push_str(p.name);
            out.push('=');
            out.push_str(&v);
        }
    }
    out.push('\n');
    out
}

/// Reads the `rules` line.
pub fn read_rules<R: RuleSet>(lines: &mut Lines<'_>) -> Result<R, TextError> {
    let line = lines.expect("rules")?;
    let mut r = R::default();
    let mut seen: Vec<&str> = Vec::new();
    for f in &line.fields {
        let (k, v) = f
            .split_once('=')
            .ok_or_else(|| line.err(syntax(format!("the field {f:?}"), "name=value")))?;
        if R::param(k).is_none() {
            let names: Vec<&str> = R::PARAMS.iter().map(|p| p.name).collect();
            return Err(line.err(TextProblem::Rules(format!(
                "unknown parameter {k:?}; the parameters are {}",
                names.join(", ")
            ))));
        }
        if seen.contains(&k) {
            return Err(line.err(TextProblem::Rules(format!("{k} is given twice"))));
        }
        seen.push(k);
        r.set_text(k, v)
            .map_err(|e| line.err(TextProblem::Rules(format!("{k}={v}: {e}"))))?;
    }
    r.validate()
        .map_err(|e| line.err(TextProblem::Rules(e.0)))?;
    Ok(r)
}

/// How a test writes, reads and ends a game: its `to_text`, `from_text` and `is_over`.
#[cfg(test)]
pub(crate) type TextIo<G> = (
    fn(&G) -> String,
    fn(&str) -> Result<G, TextError>,
    fn(&G) -> bool,
);

/// Test support for every game's text form: plays `g` to its end with `step`, checking at
/// every move that its text reads back to an object with the same text; then resumes the
/// copy read back before move `resume_at`, with the generator as it was, and checks that it
/// ends with the same text (a game read back deals and plays on identically). Returns the
/// game at its end.
#[cfg(test)]
pub(crate) fn check_resumes<G>(
    mut g: G,
    mut rng: Rng,
    resume_at: usize,
    (write, read, over): TextIo<G>,
    step: impl Fn(&mut G, &mut Rng),
) -> G {
    let mut copy = None;
    let mut moves = 0;
    while !over(&g) {
        let text = write(&g);
        let back = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(write(&back), text);
        if moves == resume_at {
            copy = Some((back, rng));
        }
        step(&mut g, &mut rng);
        moves += 1;
    }
    let (mut c, mut r) = copy.expect("the game ends after move resume_at");
    while !over(&c) {
        step(&mut c, &mut r);
    }
    assert_eq!(write(&c), write(&g));
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_follows_only_a_finished_hand_of_a_game_that_goes_on() {
        let line = |number, keyword| Line {
            number,
            keyword,
            fields: Vec::new(),
        };
        let (next, actions) = (line(9, "hand"), line(5, "actions"));
        let at = |r: Result<(), TextError>| r.err().and_then(|e| e.at).map(|(n, _)| n);
        // Hand 0 of several: it must be finished and the game not over.
        assert_eq!(
            at(check_hand_chain(0, (true, false), Some(&next), &actions)),
            None
        );
        assert_eq!(
            at(check_hand_chain(0, (false, false), Some(&next), &actions)),
            Some(9)
        );
        assert_eq!(
            at(check_hand_chain(0, (true, true), Some(&next), &actions)),
            Some(9)
        );
        // The last hand: in progress, or finished with the game over.
        assert_eq!(
            at(check_hand_chain(3, (false, false), None, &actions)),
            None
        );
        assert_eq!(at(check_hand_chain(3, (true, true), None, &actions)), None);
        let e = check_hand_chain(3, (true, false), None, &actions).unwrap_err();
        assert_eq!(e.at.as_ref().map(|(n, _)| *n), Some(5));
        assert!(e.to_string().contains("must hold hand 4"), "{e}");
    }

    #[test]
    fn ints_are_strict() {
        assert_eq!(int::<i64>("x", "-12"), Ok(-12));
        assert_eq!(int::<i64>("x", "0"), Ok(0));
        for bad in ["", "-", "+1", "01", "-0", "1_0", " 1", "1.0", "x"] {
            assert!(int::<i64>("x", bad).is_err(), "{bad:?}");
        }
        assert!(int::<u8>("x", "256").is_err());
    }

    #[test]
    fn card_names_round_trip() {
        for id in 0..52 {
            assert_eq!(card_id(&card_name(id, Jokers::None), Jokers::None), Ok(id));
        }
        assert_eq!(card_name(49, Jokers::None), "QS");
        assert_eq!(card_id("BJ", Jokers::Spades), Ok(53));
        assert_eq!(card_id("JK", Jokers::Rummy), Ok(52));
        assert!(card_id("JK", Jokers::Spades).is_err());
        assert!(card_id("10H", Jokers::None).is_err());
        assert!(card_id("qs", Jokers::None).is_err());
    }

    #[test]
    fn header_is_checked() {
        let k = Kind::HeartsState;
        assert!(Lines::new("hearts-fast/1 hearts-state\nrules\n", k).is_ok());
        let e = |t: &str| Lines::new(t, k).unwrap_err().problem;
        assert_eq!(
            e("hearts-fast/2 hearts-state"),
            TextProblem::Version("2".into())
        );
        assert_eq!(e("hello"), TextProblem::NotHeartsFast);
        assert!(matches!(
            e("hearts-fast/1 spades-state"),
            TextProblem::WrongKind { .. }
        ));
        assert_eq!(
            e("hearts-fast/1 hearts-state\n\u{e9}"),
            TextProblem::Character
        );
    }

    #[test]
    fn generators() {
        let r = Rng::new(5);
        assert_eq!(read_generator("rng", &generator(r)), Ok(r));
        let foreign = format!("mt19937:{}", "0123456789abcdef".repeat(2));
        assert_eq!(
            read_generator("rng", &foreign),
            Ok(Rng::new(0x0123_4567_89ab_cdef))
        );
        assert!(read_generator("rng", "wyrand:12").is_err());
        assert!(read_generator("rng", "WY:0123456789abcdef").is_err());
    }
}
