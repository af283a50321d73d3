//! Rummy actions as Python tuples (docs/rummy-api.md, Actions), and card ids read types
//! first: every type error of an argument comes before any id error.

use crate::convert::{card_in, extract_int, extract_str, seq, type_name, Int};
use crate::errors::{illegal, type_error};
use hearts_engine::rummy::{Action, End, RummyState};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// The ints of a sequence, types checked only.
pub fn int_list(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Int>> {
    seq(obj, what)?
        .iter()
        .map(|c| extract_int(c, what))
        .collect()
}

/// A meld given as a tuple of ints, types checked only.
pub fn meld_ints(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Int>> {
    let t = obj.cast::<PyTuple>().map_err(|_| {
        type_error(format!(
            "{what} must be a tuple of card ids, got {}",
            type_name(obj)
        ))
    })?;
    t.iter().map(|c| extract_int(&c, what)).collect()
}

/// Rummy card ids (0..=52, 52 the joker) from ints already checked for type.
pub fn card_ids(ints: &[Int], what: &str) -> PyResult<Vec<u8>> {
    ints.iter().map(|id| card_in(id, 52, what)).collect()
}

/// The ints of each hand of a sequence of hands (`{prefix}hands[{seat}]`), types only.
pub fn hand_ints(obj: &Bound<'_, PyAny>, prefix: &str) -> PyResult<Vec<Vec<Int>>> {
    seq(obj, "hands")?
        .iter()
        .enumerate()
        .map(|(s, h)| int_list(h, &format!("{prefix}hands[{s}]")))
        .collect()
}

/// The card ids of each hand of [`hand_ints`].
pub fn hand_ids(hands: &[Vec<Int>], prefix: &str) -> PyResult<Vec<Vec<u8>>> {
    hands
        .iter()
        .enumerate()
        .map(|(s, h)| card_ids(h, &format!("{prefix}hands[{s}]")))
        .collect()
}

/// An action as its Python tuple.
pub fn to_py<'py>(py: Python<'py>, a: &Action) -> PyResult<Bound<'py, PyTuple>> {
    let name = a.name().into_pyobject(py)?.into_any();
    let melds = |ms: &[Vec<u8>]| -> PyResult<Bound<'py, PyAny>> {
        let items = ms
            .iter()
            .map(|m| PyTuple::new(py, m))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyTuple::new(py, items)?.into_any())
    };
    match a {
        Action::Draw | Action::End => PyTuple::new(py, [name]),
        Action::TakePile(ms) | Action::Open(ms) => PyTuple::new(py, [name, melds(ms)?]),
        Action::Meld(m) => PyTuple::new(py, [name, PyTuple::new(py, m)?.into_any()]),
        Action::LayOff(i, c, e) => PyTuple::new(
            py,
            [
                name,
                i.into_pyobject(py)?.into_any(),
                c.into_pyobject(py)?.into_any(),
                e.name().into_pyobject(py)?.into_any(),
            ],
        ),
        Action::Discard(c) => PyTuple::new(py, [name, c.into_pyobject(py)?.into_any()]),
    }
}

/// The legal actions of `s` as Python tuples, in the order Python sorts them (the order
/// `apply_index` counts in).
pub fn legal_actions<'py>(py: Python<'py>, s: &RummyState) -> PyResult<Bound<'py, PyList>> {
    let items = s
        .sorted_legal_actions()
        .iter()
        .map(|a| to_py(py, a))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The refusal of `action` (unknown, or not legal now): an `IllegalMoveError` whose
/// `.legal` is `legal`, the legal actions now, and whose message ends with `why`.
pub fn refused(
    action: &Bound<'_, PyAny>,
    card: Option<u8>,
    why: &str,
    legal: Bound<'_, PyList>,
) -> PyResult<PyErr> {
    let msg = format!("{} is not a legal action now{why}", action.repr()?);
    Ok(illegal(msg, card, legal.unbind()))
}

/// A parsed action before its card ids are checked.
enum Raw {
    Draw,
    End,
    TakePile(Vec<Vec<Int>>),
    Open(Vec<Vec<Int>>),
    Meld(Vec<Int>),
    LayOff(Int, Int, String),
    Discard(Int),
    Unknown,
}

/// Parses an action: types first (`ArgumentTypeError`), then card ids (`InvalidCardError`).
/// `Ok((None, card))` for a well-typed action that names nothing legal; `card` is the card
/// a refusal reports.
pub fn parse(obj: &Bound<'_, PyAny>) -> PyResult<(Option<Action>, Option<u8>)> {
    let t = obj
        .cast::<PyTuple>()
        .map_err(|_| type_error(format!("an action must be a tuple, got {}", type_name(obj))))?;
    let Some(first) = t.iter().next() else {
        return Err(type_error("an action must be a non-empty tuple".into()));
    };
    let name = extract_str(&first, "the action name")?;
    let n = t.len();
    let arity = |k: usize| -> PyResult<()> {
        if n == k {
            Ok(())
        } else {
            Err(type_error(format!(
                "action {name:?} takes {k} elements, got {n}"
            )))
        }
    };
    let melds = |o: &Bound<'_, PyAny>| -> PyResult<Vec<Vec<Int>>> {
        let tt = o.cast::<PyTuple>().map_err(|_| {
            type_error(format!(
                "melds must be a tuple of tuples, got {}",
                type_name(o)
            ))
        })?;
        tt.iter().map(|m| meld_ints(&m, "meld")).collect()
    };
    let raw = match name.as_str() {
        "draw" => {
            arity(1)?;
            Raw::Draw
        }
        "end" => {
            arity(1)?;
            Raw::End
        }
        "take_pile" => {
            arity(2)?;
            Raw::TakePile(melds(&t.get_item(1)?)?)
        }
        "open" => {
            arity(2)?;
            Raw::Open(melds(&t.get_item(1)?)?)
        }
        "meld" => {
            arity(2)?;
            Raw::Meld(meld_ints(&t.get_item(1)?, "meld")?)
        }
        "lay_off" => {
            arity(4)?;
            let i = extract_int(&t.get_item(1)?, "meld_index")?;
            let c = extract_int(&t.get_item(2)?, "card")?;
            let e = extract_str(&t.get_item(3)?, "end")?;
            Raw::LayOff(i, c, e)
        }
        "discard" => {
            arity(2)?;
            Raw::Discard(extract_int(&t.get_item(1)?, "card")?)
        }
        _ => Raw::Unknown,
    };
    let all = |ms: Vec<Vec<Int>>| -> PyResult<Vec<Vec<u8>>> {
        ms.iter().map(|m| card_ids(m, "meld")).collect()
    };
    Ok(match raw {
        Raw::Draw => (Some(Action::Draw), None),
        Raw::End => (Some(Action::End), None),
        Raw::TakePile(ms) => (Some(Action::TakePile(all(ms)?)), None),
        Raw::Open(ms) => (Some(Action::Open(all(ms)?)), None),
        Raw::Meld(m) => (Some(Action::Meld(card_ids(&m, "meld")?)), None),
        Raw::Discard(c) => {
            let c = card_in(&c, 52, "card")?;
            (Some(Action::Discard(c)), Some(c))
        }
        Raw::LayOff(i, c, e) => {
            let c = card_in(&c, 52, "card")?;
            let end = match e.as_str() {
                "low" => Some(End::Low),
                "high" => Some(End::High),
                "set" => Some(End::Set),
                _ => None,
            };
            match (usize::try_from(i.value()), end) {
                (Ok(i), Some(end)) => (Some(Action::LayOff(i, c, end)), Some(c)),
                _ => (None, Some(c)),
            }
        }
        Raw::Unknown => (None, None),
    })
}
