//! The members every state and game class shares (docs/protocol.md): the text form
//! (`to_text`, `from_text`), an eval-able `repr`, pickling through the text, `==`, `copy()`
//! with the hooks of the `copy` module, and what every engine hand gives alike (`rules`,
//! `num_players`, `phase`, `current_player`, `is_over`, …). [`protocol_class!`] writes them
//! once for the six classes.

use crate::convert::{opt_index, opt_seat, opt_seed};
use crate::errors::type_error;
use crate::rules::RulesArg;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// The arguments of a call of `call` (`"HeartsState()"`) read against its signature: the
/// `positional` parameters (required; by position or by keyword) and the keyword-only
/// `keywords` (absent: `None`). A call of another shape (too many positional arguments, an
/// unknown or repeated keyword, a missing argument) is an `ArgumentTypeError` that lists the
/// parameters, where Python's own parsing would raise a bare `TypeError`.
#[allow(clippy::type_complexity)]
pub fn parse_args<'py, const P: usize, const K: usize>(
    call: &str,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
    positional: [&str; P],
    keywords: [&str; K],
) -> PyResult<([Bound<'py, PyAny>; P], [Option<Bound<'py, PyAny>>; K])> {
    let shape = || {
        let s = if P == 1 { "" } else { "s" };
        format!(
            "{call} takes {P} positional argument{s} ({}) and the keyword-only arguments {}",
            positional.join(", "),
            keywords.join(", ")
        )
    };
    if args.len() > P {
        return Err(type_error(format!(
            "{}; got {} positional",
            shape(),
            args.len()
        )));
    }
    let mut pos: [Option<Bound<'py, PyAny>>; P] = std::array::from_fn(|i| args.get_item(i).ok());
    let mut kw: [Option<Bound<'py, PyAny>>; K] = std::array::from_fn(|_| None);
    for (key, value) in kwargs.into_iter().flat_map(PyDictMethods::iter) {
        // A keyword is a str; one with lone surrogates names no parameter.
        let name = key
            .cast::<PyString>()
            .map(|k| k.to_string_lossy().into_owned())
            .unwrap_or_default();
        let slot = match (
            positional.iter().position(|&p| p == name),
            keywords.iter().position(|&k| k == name),
        ) {
            (Some(i), _) => &mut pos[i],
            (None, Some(i)) => &mut kw[i],
            (None, None) => {
                return Err(type_error(format!(
                    "{}; got the unknown keyword {}",
                    shape(),
                    key.repr()?
                )))
            }
        };
        if slot.replace(value).is_some() {
            return Err(type_error(format!("{}; got {name} twice", shape())));
        }
    }
    if let Some(i) = pos.iter().position(Option::is_none) {
        return Err(type_error(format!(
            "{}; {} is missing",
            shape(),
            positional[i]
        )));
    }
    // Every positional parameter is given: the `None` fallback is never taken.
    let none = args.py().None().into_bound(args.py());
    Ok((pos.map(|p| p.unwrap_or_else(|| none.clone())), kw))
}

/// The arguments every constructor of every game shares, checked in one order with one set
/// of errors: `rules` (its game's rules class, else `ArgumentTypeError`), the dealer (a
/// seat of those rules, else `InvalidDealError`), a hand's `hand_index` and the `seed`
/// (ints `0..2**64`, else `InvalidArgumentError`). Absent or None: seat 0, index 0, seed 0.
pub struct HandArgs<R> {
    pub rules: R,
    /// A hand's `dealer`, or a game's `first_dealer`.
    pub dealer: u8,
    /// A hand's `hand_index`; 0 for a game.
    pub hand_index: u64,
    pub seed: u64,
}

impl<R: RulesArg> HandArgs<R> {
    /// A hand constructor's `rules`, `dealer`, `hand_index`, `seed`.
    pub fn extract(
        rules: &Bound<'_, PyAny>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Self::read(rules, (dealer, "dealer"), hand_index, seed)
    }

    /// A game constructor's `rules`, `first_dealer`, `seed`.
    pub fn game(
        rules: &Bound<'_, PyAny>,
        first_dealer: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Self::read(rules, (first_dealer, "first_dealer"), None, seed)
    }

    fn read(
        rules: &Bound<'_, PyAny>,
        (dealer, name): (Option<&Bound<'_, PyAny>>, &str),
        hand_index: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let rules = R::from_arg(rules)?;
        Ok(HandArgs {
            dealer: opt_seat(dealer, rules.players(), name)?,
            hand_index: opt_index(hand_index, "hand_index")?,
            seed: opt_seed(seed)?,
            rules,
        })
    }
}

/// `Class.from_text('…')`, the text as a Python string literal.
pub fn repr(py: Python<'_>, class: &str, text: &str) -> PyResult<String> {
    let literal = PyString::new(py, text).repr()?;
    Ok(format!("{class}.from_text({literal})"))
}

/// A game's past: its text without the `future` and `queued` lines (what a game's `==`
/// compares).
pub fn past(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("future") && !l.starts_with("queued"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Binds the arguments of a call of `call` ([`parse_args`] of `args` and `kwargs`) to
/// variables named after its parameters: each positional one a `&Bound<PyAny>`, each
/// keyword-only one an `Option<&Bound<PyAny>>`, as the body of a constructor takes them.
macro_rules! bind_args {
    ($call:expr, $args:ident, $kwargs:ident; $($p:ident),+; $($k:ident),+) => {
        let ([$($p),+], [$($k),+]) = $crate::protocol::parse_args(
            $call,
            $args,
            $kwargs,
            [$(stringify!($p)),+],
            [$(stringify!($k)),+],
        )?;
        $(let $p = &$p;)+
        $(let $k = $k.as_ref();)+
    };
}

pub(crate) use bind_args;

/// The `#[pymethods]` of a state or game class: the protocol members from the pieces that
/// differ between classes, then the class's own members. The pieces: how to write the text,
/// how to read it, and when two objects are equal; the engine hand (a state's own, a game's
/// current one: a game is over exactly when its current hand is, the next hand being dealt
/// as soon as one ends) with the rules class, which give `rules`, `num_players`, `phase`,
/// `current_player` and `is_over` through the verbs every engine hand has; for a state, its
/// hand of a batch (`from_batch`, `dealer`, `hand_index`); for a trick-taking hand, the
/// engine's [`TrickTaking`](hearts_engine::TrickTaking) view (`hands`, `legal_plays`,
/// `trick`, `trick_number`, `trick_winners`, `tricks_taken`); and the constructors `new` and `from_deal` from their
/// positional and keyword-only argument names (each keyword None by default), the Python
/// signature they make (its `__text_signature__`, which `inspect.signature` and the stubs
/// read; tests/test_argument_limits.py checks that it names the same arguments) and body.
/// Every constructor reads its arguments with [`parse_args`], so a call of the wrong shape
/// is the package's `ArgumentTypeError`.
///
/// A game class (`game PyX(EngineGame) as "X", hand: state => PyXRules, history: |g, py,
/// h| entry`) wraps an engine game: its text is the game's, two games are equal when their
/// pasts are, and `hand_history` holds the `entry` of each completed hand.
///
/// ```ignore
/// protocol_class! {
///     game PySpadesGame(SpadesGame) as "SpadesGame",
///     hand: state => PySpadesRules,
///     history: |_g, py, h| history_entry(py, h),
///     new(rules; seed, first_dealer, deals, totals, bags)
///         "(rules, *, seed=None, first_dealer=None, deals=None, totals=None, bags=None)" {
///         let rules = PySpadesRules::extract(rules)?;
///         …
///     };
///     #[getter]
///     fn bags(&self) -> [i64; 2] { self.0.bags() }
/// }
/// ```
macro_rules! protocol_class {
    (
        game $ty:ident($game:ty) as $class:tt,
        hand: $current:ident => $py_rules:ident,
        history: |$hg:ident, $hpy:ident, $hh:ident| $entry:expr
        $(, new($($np:ident),+; $($nk:ident),+) $nsig:tt $new:block)?;
        $($members:tt)*
    ) => {
        $crate::protocol::protocol_class! {
            $ty as $class,
            text: |g| g.0.to_text(),
            read: |t| <$game>::from_text(t).map($ty),
            same: |a, b| $crate::protocol::past(&a.to_text()) == $crate::protocol::past(&b.to_text()),
            hand: |g| g.0.$current() => $py_rules
            $(, new($($np),+; $($nk),+) $nsig $new)?;

            #[doc = $crate::docs::stub_doc!($class, "hands_played")]
            #[getter]
            fn hands_played(&self) -> usize {
                self.0.history().len()
            }

            #[doc = $crate::docs::stub_doc!($class, "hand_history")]
            #[getter]
            fn hand_history<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyList>> {
                use pyo3::types::PyListMethods;
                let list = pyo3::types::PyList::empty(py);
                for h in self.0.history() {
                    let ($hg, $hpy, $hh) = (self, py, h);
                    list.append($entry?)?;
                }
                Ok(list)
            }

            $($members)*
        }
    };
    (
        $ty:ident as $class:tt,
        text: |$s:ident| $text:expr,
        read: |$t:ident| $read:expr,
        same: |$a:ident, $b:ident| $same:expr,
        hand: |$e:ident| $hand_of:expr => $py_rules:ident
        $(, from_batch: $rules:ty => |$r:ident, $seed:ident, $index:ident| $batch:expr)?
        $(, trick_taking: |$h:ident| $hand:expr)?
        $(, new($($np:ident),+; $($nk:ident),+) $nsig:tt $new:block)?
        $(, from_deal($($dp:ident),+; $($dk:ident),+) $dsig:tt $deal:block)?;
        $($members:tt)*
    ) => {
        #[pyo3::pymethods]
        impl $ty {
            $(
                #[new]
                #[pyo3(signature = (*args, **kwargs), text_signature = $nsig)]
                fn new(
                    args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                    kwargs: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
                ) -> pyo3::PyResult<Self> {
                    $crate::protocol::bind_args!(
                        concat!($class, "()"), args, kwargs; $($np),+; $($nk),+
                    );
                    $new
                }
            )?

            $(
                #[doc = $crate::docs::stub_doc!($class, "from_deal")]
                #[classmethod]
                #[pyo3(signature = (*args, **kwargs), text_signature = $dsig)]
                fn from_deal(
                    _cls: &pyo3::Bound<'_, pyo3::types::PyType>,
                    args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                    kwargs: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
                ) -> pyo3::PyResult<Self> {
                    $crate::protocol::bind_args!(
                        concat!($class, ".from_deal()"), args, kwargs; $($dp),+; $($dk),+
                    );
                    $deal
                }
            )?

            #[doc = $crate::docs::stub_doc!($class, "to_text")]
            fn to_text(&self) -> String {
                let $s = self;
                $text
            }

            #[doc = $crate::docs::stub_doc!($class, "from_text")]
            #[classmethod]
            #[pyo3(signature = (*args, **kwargs), text_signature = "($cls, text)")]
            fn from_text(
                _cls: &pyo3::Bound<'_, pyo3::types::PyType>,
                args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                kwargs: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
            ) -> pyo3::PyResult<Self> {
                let ([text], []) = $crate::protocol::parse_args(
                    concat!($class, ".from_text()"),
                    args,
                    kwargs,
                    ["text"],
                    [],
                )?;
                let $t: &str = &$crate::convert::extract_str(&text, "text")?;
                $read.map_err($crate::errors::text_error)
            }

            fn __repr__(&self, py: pyo3::Python<'_>) -> pyo3::PyResult<String> {
                $crate::protocol::repr(py, $class, &self.to_text())
            }

            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::PyAny>, (String,))> {
                use pyo3::prelude::*;
                let text = slf.borrow().to_text();
                Ok((slf.get_type().getattr("from_text")?, (text,)))
            }

            fn __eq__(&self, other: &pyo3::Bound<'_, pyo3::PyAny>) -> bool {
                other.cast::<Self>().is_ok_and(|o| {
                    let ($a, $b) = (self, &*o.borrow());
                    $same
                })
            }

            #[doc = $crate::docs::stub_doc!($class, "rules")]
            #[getter]
            fn rules(&self) -> $py_rules {
                let $e = self;
                $py_rules(*($hand_of).rules())
            }

            #[doc = $crate::docs::stub_doc!($class, "num_players")]
            #[getter]
            fn num_players(&self) -> u8 {
                let $e = self;
                ($hand_of).rules().players
            }

            #[doc = $crate::docs::stub_doc!($class, "phase")]
            #[getter]
            fn phase(&self) -> &'static str {
                let $e = self;
                ($hand_of).phase().name()
            }

            #[doc = $crate::docs::stub_doc!($class, "current_player")]
            #[getter]
            fn current_player(&self) -> Option<u8> {
                let $e = self;
                ($hand_of).current_player()
            }

            #[doc = $crate::docs::stub_doc!($class, "is_over")]
            #[getter]
            fn is_over(&self) -> bool {
                #[allow(unused_imports)]
                use hearts_engine::TrickTaking as _;
                let $e = self;
                ($hand_of).is_over()
            }

            $(
                #[doc = $crate::docs::stub_doc!($class, "dealer")]
                #[getter]
                fn dealer(&self) -> u8 {
                    let $e = self;
                    ($hand_of).dealer()
                }

                #[doc = $crate::docs::stub_doc!($class, "hand_index")]
                #[getter]
                fn hand_index(&self) -> u64 {
                    let $e = self;
                    ($hand_of).hand_index()
                }

                #[doc = $crate::docs::stub_doc!($class, "from_batch")]
                #[classmethod]
                #[pyo3(signature = (*args, **kwargs), text_signature = "($cls, rules, seed, index)")]
                fn from_batch(
                    _cls: &pyo3::Bound<'_, pyo3::types::PyType>,
                    args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                    kwargs: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
                ) -> pyo3::PyResult<Self> {
                    let ([rules, seed, index], []) = $crate::protocol::parse_args(
                        concat!($class, ".from_batch()"),
                        args,
                        kwargs,
                        ["rules", "seed", "index"],
                        [],
                    )?;
                    let $r = <$rules>::extract(&rules)?;
                    let $seed = $crate::convert::extract_seed(&seed)?;
                    let $index = $crate::convert::extract_index(&index, "index")?;
                    Ok($batch)
                }
            )?

            $(
                #[doc = $crate::docs::stub_doc!($class, "hands")]
                #[getter]
                fn hands(&self) -> Vec<Vec<u32>> {
                    let $h = self;
                    let hand = $hand;
                    let seats = hearts_engine::Seat::all(hearts_engine::TrickTaking::num_players(hand));
                    seats
                        .map(|s| $crate::convert::ids(hearts_engine::TrickTaking::hand(hand, s)))
                        .collect()
                }

                #[doc = $crate::docs::stub_doc!($class, "legal_plays")]
                fn legal_plays(&self) -> Vec<u32> {
                    let $h = self;
                    $crate::convert::ids(hearts_engine::TrickTaking::legal_plays($hand))
                }

                #[doc = $crate::docs::stub_doc!($class, "trick")]
                #[getter]
                fn trick(&self) -> Vec<(u8, u8)> {
                    let $h = self;
                    let trick = hearts_engine::TrickTaking::trick($hand);
                    trick.plays().map(|(s, c)| (s, c.id())).collect()
                }

                #[doc = $crate::docs::stub_doc!($class, "trick_number")]
                #[getter]
                fn trick_number(&self) -> usize {
                    let $h = self;
                    hearts_engine::TrickTaking::trick_winners($hand).len() + 1
                }

                #[doc = $crate::docs::stub_doc!($class, "trick_winners")]
                #[getter]
                fn trick_winners(&self) -> Vec<u32> {
                    let $h = self;
                    let winners = hearts_engine::TrickTaking::trick_winners($hand);
                    winners.map(|s| u32::from(s.id())).collect()
                }

                #[doc = $crate::docs::stub_doc!($class, "tricks_taken")]
                #[getter]
                fn tricks_taken(&self) -> Vec<u32> {
                    let $h = self;
                    let hand = $hand;
                    let seats = hearts_engine::Seat::all(hearts_engine::TrickTaking::num_players(hand));
                    seats
                        .map(|s| u32::from(hearts_engine::TrickTaking::tricks_taken(hand, s)))
                        .collect()
                }
            )?

            #[doc = $crate::docs::stub_doc!($class, "copy")]
            fn copy(&self) -> Self {
                self.clone()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Self {
                self.clone()
            }

            $($members)*
        }
    };
}

pub(crate) use protocol_class;
