//! The lines the `hearts-info` and `spades-info` texts share (docs/text-format.md): the
//! seat, the plays, and where the hidden cards may be.
//!
//! ```text
//! seat 2
//! plays 0:2C 1:8C 2:4C 3:3C 1:QD
//! trick 1:QD
//! winners 1
//! sizes 12,11,12,12
//! known - - 5C,9C,TD,… -
//! lacks - - - C
//! quota cards=- counts=-,-,-,-
//! ```
//!
//! A text is read back only if it is what some hand shows the seat: the game's reader
//! checks it by rebuilding a world from it and observing that world again.

use super::{Hidden, MAX_SEATS};
use crate::core::text::{card, card_ids, card_list, int, syntax, Jokers, Line, Lines};
use crate::core::{Card, CardSet, TextError, Trick};
use std::fmt::Write as _;

/// A card set as a card list.
pub fn set(cards: CardSet, jokers: Jokers) -> String {
    card_list(cards.into_iter().map(Card::id), jokers)
}

/// A card list of distinct cards as a set.
pub fn read_set(line: &Line<'_>, v: &str, jokers: Jokers) -> Result<CardSet, TextError> {
    let mut out = CardSet::EMPTY;
    for id in line.at(card_ids(v, jokers))? {
        let c = Card::new_unchecked(id);
        if out.contains(c) {
            return Err(line.err(syntax(format!("the card list {v:?}"), "distinct cards")));
        }
        out.insert(c);
    }
    Ok(out)
}

/// `-` or a seat.
pub fn opt_seat(s: Option<u8>) -> String {
    s.map_or_else(|| "-".into(), |s| s.to_string())
}

/// Reads `-` or a seat below `seats`.
pub fn read_opt_seat(line: &Line<'_>, v: &str, seats: u8) -> Result<Option<u8>, TextError> {
    if v == "-" {
        return Ok(None);
    }
    read_seat(line, v, seats).map(Some)
}

/// Reads a seat below `seats`.
pub fn read_seat(line: &Line<'_>, v: &str, seats: u8) -> Result<u8, TextError> {
    let s = line.at(int::<u8>("seat", v))?;
    if s >= seats {
        return Err(line.err(syntax(
            format!("seat {v:?}"),
            format!("a seat 0..{}", seats - 1),
        )));
    }
    Ok(s)
}

/// Seats as `a,b,c` from a bit mask (`-` when none).
pub fn mask(m: u8, seats: u8) -> String {
    let v: Vec<String> = (0..seats)
        .filter(|s| m >> s & 1 == 1)
        .map(|s| s.to_string())
        .collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(",")
    }
}

/// Reads [`mask`].
pub fn read_mask(line: &Line<'_>, v: &str, seats: u8) -> Result<u8, TextError> {
    if v == "-" {
        return Ok(0);
    }
    let mut m = 0u8;
    for x in v.split(',') {
        m |= 1 << read_seat(line, x, seats)?;
    }
    Ok(m)
}

fn plays_field(plays: impl Iterator<Item = (u8, Card)>, jokers: Jokers) -> String {
    let v: Vec<String> = plays
        .map(|(s, c)| format!("{s}:{}", card_list([c.id()], jokers)))
        .collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

fn read_plays(line: &Line<'_>, seats: u8, jokers: Jokers) -> Result<Vec<(u8, Card)>, TextError> {
    if line.fields.as_slice() == ["-"] {
        return Ok(Vec::new());
    }
    line.each(|line, tok| {
        let (s, c) = tok
            .split_once(':')
            .ok_or_else(|| line.err(syntax(format!("the play {tok:?}"), "SEAT:CARD")))?;
        Ok((read_seat(line, s, seats)?, line.at(card(c, jokers))?))
    })
}

/// The shared part of an observation.
#[derive(Clone, Debug)]
pub struct Shared {
    /// The observing seat.
    pub seat: u8,
    /// Every play, in order.
    pub plays: Vec<(u8, Card)>,
    /// The trick being played.
    pub trick: Trick,
    /// The winners of the completed tricks.
    pub winners: Vec<u8>,
    /// Where the hidden cards may be (`hidden` as the deck minus what is played or known).
    pub hidden: Hidden,
}

/// Writes the shared lines.
pub fn write(out: &mut String, s: &Shared, jokers: Jokers) {
    let n = usize::from(s.hidden.seats);
    let h = &s.hidden;
    let _ = writeln!(out, "seat {}", s.seat);
    let _ = writeln!(
        out,
        "plays {}",
        plays_field(s.plays.iter().copied(), jokers)
    );
    let _ = writeln!(out, "trick {}", plays_field(s.trick.plays(), jokers));
    let winners: Vec<String> = s.winners.iter().map(u8::to_string).collect();
    let winners = if winners.is_empty() {
        "-".to_string()
    } else {
        winners.join(",")
    };
    let _ = writeln!(out, "winners {winners}");
    let sizes: Vec<String> = h.sizes[..n].iter().map(u8::to_string).collect();
    let _ = writeln!(out, "sizes {}", sizes.join(","));
    let sets = |xs: &[CardSet]| -> String {
        xs[..n]
            .iter()
            .map(|&x| set(x, jokers))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "known {}", sets(&h.known));
    let _ = writeln!(out, "lacks {}", sets(&h.lacks));
    let counts: Vec<String> = h.quotas[..n].iter().map(|&q| opt_seat(q)).collect();
    let _ = writeln!(
        out,
        "quota cards={} counts={}",
        set(h.quota, jokers),
        counts.join(",")
    );
}

/// Reads the shared lines for a table of `seats` whose deck is `deck`.
pub fn read(
    lines: &mut Lines<'_>,
    seats: u8,
    deck: CardSet,
    jokers: Jokers,
) -> Result<Shared, TextError> {
    let n = usize::from(seats);
    let line = lines.expect("seat")?;
    let [v] = line.fields.as_slice() else {
        return Err(line.err(syntax("the seat line", "seat N")));
    };
    let seat = read_seat(&line, v, seats)?;
    let line = lines.expect("plays")?;
    let plays = read_plays(&line, seats, jokers)?;
    let line = lines.expect("trick")?;
    let mut trick = Trick::new();
    for (s, c) in read_plays(&line, seats, jokers)? {
        if trick.len() >= crate::core::MAX_TRICK_CARDS {
            return Err(line.err(syntax("the trick", "at most one card a seat")));
        }
        trick.push(s, c);
    }
    let line = lines.expect("winners")?;
    let winners = match line.fields.as_slice() {
        ["-"] => Vec::new(),
        [v] => v
            .split(',')
            .map(|x| read_seat(&line, x, seats))
            .collect::<Result<_, _>>()?,
        _ => return Err(line.err(syntax("the winners", "seats joined by , or -"))),
    };
    let line = lines.expect("sizes")?;
    let mut hidden = Hidden {
        seats,
        sizes: [0; MAX_SEATS],
        known: [CardSet::EMPTY; MAX_SEATS],
        lacks: [CardSet::EMPTY; MAX_SEATS],
        hidden: CardSet::EMPTY,
        quota: CardSet::EMPTY,
        quotas: [None; MAX_SEATS],
    };
    let sizes = match line.fields.as_slice() {
        [v] => line.at(crate::core::text::int_list::<u8>("sizes", v))?,
        _ => Vec::new(),
    };
    if sizes.len() != n || sizes.iter().any(|&x| x > 18) {
        return Err(line.err(syntax(
            "the sizes",
            format!("{n} numbers 0..=18 joined by ,"),
        )));
    }
    hidden.sizes[..n].copy_from_slice(&sizes);
    for (keyword, target) in [("known", &mut hidden.known), ("lacks", &mut hidden.lacks)] {
        let line = lines.expect(keyword)?;
        if line.fields.as_slice().len() != n {
            return Err(line.err(syntax(
                format!("the {keyword} line"),
                format!("{n} card lists"),
            )));
        }
        for (s, v) in line.fields.as_slice().iter().enumerate() {
            target[s] = read_set(&line, v, jokers)?;
        }
    }
    let line = lines.expect("quota")?;
    let v = line.pairs(&["cards", "counts"])?;
    hidden.quota = read_set(&line, v[0], jokers)?;
    let counts: Vec<&str> = v[1].split(',').collect();
    if counts.len() != n {
        return Err(line.err(syntax("the quota counts", format!("{n} of - or a number"))));
    }
    for (s, c) in counts.iter().enumerate() {
        hidden.quotas[s] = if *c == "-" {
            None
        } else {
            Some(line.at(int::<u8>("a quota", c))?)
        };
    }
    let played: CardSet = plays.iter().map(|&(_, c)| c).collect();
    let known = hidden.known.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    hidden.hidden = deck - played - known;
    Ok(Shared {
        seat,
        plays,
        trick,
        winners,
        hidden,
    })
}
