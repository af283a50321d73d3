//! `RummyRules`, `RummyState` and the meld helpers: conversion, validation and error mapping
//! for the engine's rummy (docs/rummy-api.md).

use crate::convert::{
    choice, extract_bool, extract_int, extract_seed, extract_str, int_in, opt_hand_index, opt_seat,
    opt_seed, seq, type_name,
};
use crate::errors::{
    illegal, illegal_with, rules_error, type_error, InvalidArgumentError, InvalidCardError,
    InvalidDealError, InvalidRulesError,
};
use hearts_engine::rummy::sim::{batch_state, Games, RummyBatch, RummyGamesOut, RummyHandsOut};
use hearts_engine::rummy::{
    check_deal, is_valid_meld as engine_is_valid, meld_value as engine_value, Action, End,
    Multiset, RummyRules, RummyState, StockExhausted, MAX_PARAM,
};
use hearts_engine::Tie;
use hearts_engine::{CardSet, Rng};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};

const PARAMS: &[&str] = RummyRules::PARAM_NAMES;

#[pyclass(name = "RummyRules", module = "hearts_fast._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRummyRules(pub RummyRules);

fn set_param(r: &mut RummyRules, k: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let m = MAX_PARAM;
    match k {
        "players" => r.players = int_in(v, k, 2, 6)? as u8,
        "hand_size" => r.hand_size = int_in(v, k, 1, 20)? as u8,
        "opening_min" => r.opening_min = int_in(v, k, 0, m)?,
        "q_spades_value" => r.q_spades_value = int_in(v, k, 0, m)?,
        "joker_value" => r.joker_value = int_in(v, k, 0, m)?,
        "max_jokers_per_meld" => {
            r.max_jokers_per_meld = if v.is_instance_of::<PyString>() {
                let s = extract_str(v, k)?;
                if s != "unlimited" {
                    return Err(InvalidRulesError::new_err(format!(
                        "max_jokers_per_meld must be 1 or \"unlimited\", got {s:?}"
                    )));
                }
                None
            } else {
                let x = extract_int(v, k).map_err(|_| {
                    type_error(format!(
                        "max_jokers_per_meld must be 1 or \"unlimited\", got {}",
                        type_name(v)
                    ))
                })?;
                if x != 1 {
                    return Err(InvalidRulesError::new_err(format!(
                        "max_jokers_per_meld must be 1 or \"unlimited\", got {x}"
                    )));
                }
                Some(1)
            }
        }
        "initial_upcard" => r.initial_upcard = extract_bool(v, k)?,
        "stock_exhausted" => {
            r.stock_exhausted =
                choice(v, k, StockExhausted::from_name, &StockExhausted::allowed())?;
        }
        "max_turns_per_hand" => r.max_turns_per_hand = int_in(v, k, 1, m)? as u32,
        "target" => r.target = int_in(v, k, 1, m)?,
        "tie" => r.tie = choice(v, k, Tie::from_name, &Tie::allowed())?,
        "max_hands" => {
            r.max_hands = if v.is_none() {
                None
            } else {
                Some(int_in(v, k, 1, m)? as u32)
            }
        }
        _ => {
            return Err(InvalidRulesError::new_err(format!(
                "unknown RummyRules parameter {k:?}; allowed: {}",
                PARAMS.join(", ")
            )))
        }
    }
    Ok(())
}

fn build(mut r: RummyRules, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyRummyRules> {
    if let Some(d) = params {
        for (k, v) in d.iter() {
            let k: String = k.extract()?;
            set_param(&mut r, &k, &v)?;
        }
    }
    r.validate().map_err(|e| rules_error(&e))?;
    Ok(PyRummyRules(r))
}

fn value<'py>(py: Python<'py>, r: &RummyRules, k: &str) -> PyResult<Bound<'py, PyAny>> {
    Ok(match k {
        "players" => r.players.into_pyobject(py)?.into_any(),
        "hand_size" => r.hand_size.into_pyobject(py)?.into_any(),
        "opening_min" => r.opening_min.into_pyobject(py)?.into_any(),
        "q_spades_value" => r.q_spades_value.into_pyobject(py)?.into_any(),
        "joker_value" => r.joker_value.into_pyobject(py)?.into_any(),
        "max_jokers_per_meld" => match r.max_jokers_per_meld {
            Some(x) => x.into_pyobject(py)?.into_any(),
            None => "unlimited".into_pyobject(py)?.into_any(),
        },
        "initial_upcard" => r.initial_upcard.into_pyobject(py)?.to_owned().into_any(),
        "stock_exhausted" => r.stock_exhausted.name().into_pyobject(py)?.into_any(),
        "max_turns_per_hand" => r.max_turns_per_hand.into_pyobject(py)?.into_any(),
        "target" => r.target.into_pyobject(py)?.into_any(),
        "tie" => r.tie.name().into_pyobject(py)?.into_any(),
        "max_hands" => r.max_hands.into_pyobject(py)?.into_any(),
        _ => {
            return Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                "'RummyRules' object has no attribute {k:?}"
            )))
        }
    })
}

#[pymethods]
impl PyRummyRules {
    #[new]
    #[pyo3(signature = (*args, **params))]
    fn new(args: &Bound<'_, PyTuple>, params: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        if !args.is_empty() {
            return Err(type_error(format!(
                "RummyRules takes keyword arguments only (name=value, as in C.1 of docs/rules/rummy.md), \
                 got {} positional",
                args.len()
            )));
        }
        build(RummyRules::default(), params)
    }

    #[classmethod]
    #[pyo3(signature = (name, **overrides))]
    fn preset(
        _cls: &Bound<'_, PyType>,
        name: &Bound<'_, PyAny>,
        overrides: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let n = extract_str(name, "preset name")?;
        if n != "default" {
            return Err(InvalidRulesError::new_err(format!(
                "unknown rummy preset {n:?}; allowed: \"default\""
            )));
        }
        build(RummyRules::default(), overrides)
    }

    #[classattr]
    fn presets() -> Vec<&'static str> {
        vec!["default"]
    }

    #[classattr]
    fn parameters() -> Vec<&'static str> {
        PARAMS.to_vec()
    }

    #[pyo3(signature = (**overrides))]
    fn replace(&self, overrides: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        build(self.0, overrides)
    }

    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        value(py, &self.0, name)
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::convert::params_dict(py, &self.0, PARAMS, value)
    }

    /// Derived: the 108 cards (C-2) as a sorted multiset.
    #[allow(clippy::unused_self)]
    fn deck(&self) -> Vec<u32> {
        Multiset::deck()
            .to_vec()
            .into_iter()
            .map(u32::from)
            .collect()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let default = RummyRules::default();
        crate::convert::params_repr(py, "RummyRules", &self.0, &default, PARAMS, value)
    }

    #[staticmethod]
    fn _from_dict(params: &Bound<'_, PyDict>) -> PyResult<Self> {
        build(RummyRules::default(), Some(params))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        Ok((
            slf.get_type().getattr("_from_dict")?,
            (slf.get().to_dict(slf.py())?,),
        ))
    }
}

fn extract_rummy_rules(obj: &Bound<'_, PyAny>) -> PyResult<RummyRules> {
    obj.cast::<PyRummyRules>().map(|r| r.get().0).map_err(|_| {
        type_error(format!(
            "rules must be a RummyRules, got {}",
            type_name(obj)
        ))
    })
}

// ---------------------------------------------------------------- cards and melds

/// The ints of a sequence, types checked only (ids are checked later: types come first).
fn int_list(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<i128>> {
    seq(obj, what)?
        .iter()
        .map(|c| extract_int(c, what))
        .collect()
}

/// Card ids from ints already checked for type: each must be 0..52.
fn ids_of(v: &[i128], what: &str) -> PyResult<Vec<u8>> {
    v.iter()
        .map(|&id| {
            u8::try_from(id).ok().filter(|&c| c <= 52).ok_or_else(|| {
                InvalidCardError::new_err(format!(
                    "{what}: a rummy card id must be 0..52 (suit*13 + rank; 52 = joker), \
                     got {id}"
                ))
            })
        })
        .collect()
}

/// A meld given as a tuple of ints, types only.
fn meld_ints(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<i128>> {
    let t = obj.cast::<PyTuple>().map_err(|_| {
        type_error(format!(
            "{what} must be a tuple of card ids, got {}",
            type_name(obj)
        ))
    })?;
    t.iter().map(|c| extract_int(&c, what)).collect()
}

/// A meld given as a tuple of ints: types, then ids.
fn meld_tuple(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    ids_of(&meld_ints(obj, what)?, what)
}

/// Every valid canonical meld (C-6..C-8) that can be formed from the multiset `hand`
/// (with jokers only if `allow_jokers`), sorted, each once.
#[pyfunction]
#[pyo3(signature = (rules, hand, allow_jokers = None))]
pub fn all_melds<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    hand: &Bound<'py, PyAny>,
    allow_jokers: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let r = extract_rummy_rules(rules)?;
    let ints = int_list(hand, "hand")?;
    let allow = allow_jokers
        .map(|a| extract_bool(a, "allow_jokers"))
        .transpose()?
        .unwrap_or(true);
    let ids = ids_of(&ints, "hand")?;
    let m = Multiset::from_ids(&ids);
    if !Multiset::deck().contains_all(&m) {
        return Err(InvalidDealError::new_err(
            "hand holds a card more often than the 108-card deck (two of each face, four jokers)",
        ));
    }
    hearts_engine::rummy::all_melds(&r, &m, allow)
        .iter()
        .map(|x| PyTuple::new(py, x))
        .collect()
}

#[pyfunction]
pub fn is_valid_meld(rules: &Bound<'_, PyAny>, meld: &Bound<'_, PyAny>) -> PyResult<bool> {
    let r = extract_rummy_rules(rules)?;
    let m = meld_tuple(meld, "meld")?;
    Ok(engine_is_valid(&r, &m) && Multiset::deck().contains_all(&Multiset::from_ids(&m)))
}

#[pyfunction]
pub fn meld_value(rules: &Bound<'_, PyAny>, meld: &Bound<'_, PyAny>) -> PyResult<i64> {
    let r = extract_rummy_rules(rules)?;
    let m = meld_tuple(meld, "meld")?;
    if !(engine_is_valid(&r, &m) && Multiset::deck().contains_all(&Multiset::from_ids(&m))) {
        return Err(InvalidArgumentError::new_err(format!(
            "{m:?} is not a valid canonical meld (C-6..C-8)"
        )));
    }
    Ok(engine_value(&r, &m))
}

// ---------------------------------------------------------------- actions

fn action_to_py<'py>(py: Python<'py>, a: &Action) -> PyResult<Bound<'py, PyTuple>> {
    let melds = |ms: &[Vec<u8>]| -> PyResult<Bound<'py, PyTuple>> {
        let items: Vec<Bound<'py, PyTuple>> = ms
            .iter()
            .map(|m| PyTuple::new(py, m))
            .collect::<PyResult<_>>()?;
        PyTuple::new(py, items)
    };
    match a {
        Action::Draw => PyTuple::new(py, ["draw"]),
        Action::End => PyTuple::new(py, ["end"]),
        Action::TakePile(ms) => PyTuple::new(
            py,
            [
                "take_pile".into_pyobject(py)?.into_any(),
                melds(ms)?.into_any(),
            ],
        ),
        Action::Open(ms) => PyTuple::new(
            py,
            ["open".into_pyobject(py)?.into_any(), melds(ms)?.into_any()],
        ),
        Action::Meld(m) => PyTuple::new(
            py,
            [
                "meld".into_pyobject(py)?.into_any(),
                PyTuple::new(py, m)?.into_any(),
            ],
        ),
        Action::LayOff(i, c, e) => PyTuple::new(
            py,
            [
                "lay_off".into_pyobject(py)?.into_any(),
                i.into_pyobject(py)?.into_any(),
                c.into_pyobject(py)?.into_any(),
                e.name().into_pyobject(py)?.into_any(),
            ],
        ),
        Action::Discard(c) => PyTuple::new(
            py,
            [
                "discard".into_pyobject(py)?.into_any(),
                c.into_pyobject(py)?.into_any(),
            ],
        ),
    }
}

/// A parsed action before its card ids are checked.
enum Raw {
    Draw,
    End,
    TakePile(Vec<Vec<i128>>),
    Open(Vec<Vec<i128>>),
    Meld(Vec<i128>),
    LayOff(i128, i128, String),
    Discard(i128),
    Unknown,
}

/// Parses an action: types first (`ArgumentTypeError`), then card ids (`InvalidCardError`).
/// `Ok((None, card))` for a well-typed action that names nothing legal.
fn parse_action(obj: &Bound<'_, PyAny>) -> PyResult<(Option<Action>, Option<u8>)> {
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
    let melds = |o: &Bound<'_, PyAny>| -> PyResult<Vec<Vec<i128>>> {
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
    let one = |c: i128| -> PyResult<u8> { Ok(ids_of(&[c], "card")?[0]) };
    let all = |ms: Vec<Vec<i128>>| -> PyResult<Vec<Vec<u8>>> {
        ms.iter().map(|m| ids_of(m, "meld")).collect()
    };
    Ok(match raw {
        Raw::Draw => (Some(Action::Draw), None),
        Raw::End => (Some(Action::End), None),
        Raw::TakePile(ms) => (Some(Action::TakePile(all(ms)?)), None),
        Raw::Open(ms) => (Some(Action::Open(all(ms)?)), None),
        Raw::Meld(m) => (Some(Action::Meld(ids_of(&m, "meld")?)), None),
        Raw::Discard(c) => {
            let c = one(c)?;
            (Some(Action::Discard(c)), Some(c))
        }
        Raw::LayOff(i, c, e) => {
            let c = one(c)?;
            let end = match e.as_str() {
                "low" => Some(End::Low),
                "high" => Some(End::High),
                "set" => Some(End::Set),
                _ => None,
            };
            match (usize::try_from(i), end) {
                (Ok(i), Some(end)) => (Some(Action::LayOff(i, c, end)), Some(c)),
                _ => (None, Some(c)),
            }
        }
        Raw::Unknown => (None, None),
    })
}

// ---------------------------------------------------------------- state

/// The legal actions of `s` as Python tuples, sorted in Python tuple order (docs/rummy-api.md,
/// Actions).
fn sorted_actions<'py>(py: Python<'py>, s: &RummyState) -> PyResult<Bound<'py, PyList>> {
    let items: Vec<Bound<'py, PyTuple>> = s
        .legal_actions()
        .iter()
        .map(|a| action_to_py(py, a))
        .collect::<PyResult<_>>()?;
    let list = PyList::new(py, items)?;
    list.sort()?;
    Ok(list)
}

#[pyclass(name = "RummyState", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PyRummyState(pub RummyState);

fn extract_totals(rules: &RummyRules, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<i64>> {
    let p = usize::from(rules.players);
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(vec![0; p]);
    };
    let items = seq(obj, "totals")?;
    if items.len() != p {
        return Err(InvalidRulesError::new_err(format!(
            "totals must have {p} entries (one per seat), got {}",
            items.len()
        )));
    }
    let mut out = Vec::with_capacity(p);
    for x in &items {
        let v = extract_int(x, "totals")?;
        if v.abs() > 1_000_000_000_000 {
            return Err(InvalidRulesError::new_err(format!(
                "totals entries must be within ±10**12 (an engine limit), got {v}"
            )));
        }
        out.push(v as i64);
    }
    Ok(out)
}

#[pymethods]
impl PyRummyState {
    #[new]
    #[pyo3(signature = (rules, *, seed = None, dealer = None, hand_index = None, totals = None))]
    fn new(
        rules: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let r = extract_rummy_rules(rules)?;
        let dealer = opt_seat(dealer, r.players, "dealer")?;
        let hand_index = opt_hand_index(hand_index)?;
        let totals = extract_totals(&r, totals)?;
        let seed = opt_seed(seed)?;
        Ok(PyRummyState(
            RummyState::deal(&r, dealer, hand_index, totals, Rng::new(seed)).with_log(),
        ))
    }

    #[classmethod]
    #[pyo3(signature = (rules, hands, stock, *, pile = None, dealer = None, hand_index = None, totals = None, seed = None))]
    #[allow(clippy::too_many_arguments)]
    fn from_deal(
        _cls: &Bound<'_, PyType>,
        rules: &Bound<'_, PyAny>,
        hands: &Bound<'_, PyAny>,
        stock: &Bound<'_, PyAny>,
        pile: Option<&Bound<'_, PyAny>>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let r = extract_rummy_rules(rules)?;
        let dealer = opt_seat(dealer, r.players, "dealer")?;
        let hand_index = opt_hand_index(hand_index)?;
        let totals = extract_totals(&r, totals)?;
        let seed = opt_seed(seed)?;
        let hands: Vec<Vec<i128>> = seq(hands, "hands")?
            .iter()
            .enumerate()
            .map(|(s, h)| int_list(h, &format!("hands[{s}]")))
            .collect::<PyResult<_>>()?;
        let stock = int_list(stock, "stock")?;
        let pile = pile
            .filter(|p| !p.is_none())
            .map(|p| int_list(p, "pile"))
            .transpose()?;
        let hands: Vec<Vec<u8>> = hands
            .iter()
            .enumerate()
            .map(|(s, h)| ids_of(h, &format!("hands[{s}]")))
            .collect::<PyResult<_>>()?;
        let stock = ids_of(&stock, "stock")?;
        let pile = pile.map(|p| ids_of(&p, "pile")).transpose()?;
        check_deal(&r, &hands, &stock, pile.as_deref().unwrap_or(&[]))
            .map_err(|e| InvalidDealError::new_err(e.0))?;
        Ok(PyRummyState(RummyState::new_logged(
            &r,
            &hands,
            &stock,
            pile.as_deref(),
            dealer,
            hand_index,
            totals,
            Rng::new(seed),
        )))
    }

    /// The initial state of hand `index` of a `simulate_rummy` batch run with `seed`
    /// (dealer `index % players`, hand index `index`, zero totals).
    #[classmethod]
    #[pyo3(signature = (rules, seed, index))]
    fn from_batch(
        _cls: &Bound<'_, PyType>,
        rules: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let r = extract_rummy_rules(rules)?;
        let seed = extract_seed(seed)?;
        let i = crate::convert::extract_index(index, "index")?;
        Ok(PyRummyState(batch_state(&r, seed, i).with_log()))
    }

    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        sorted_actions(py, &self.0)
    }

    /// The number of legal actions (the range of `apply_index`).
    fn legal_action_count(&self) -> usize {
        self.0.legal_actions().len()
    }

    /// Applies `legal_actions()[i]`: a compact integer encoding of the choice for batch and
    /// RL use (the index into the sorted legal actions).
    fn apply_index(&mut self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = extract_int(i, "i")?;
        let legal = self.legal_actions(py)?;
        let n = legal.len();
        let Some(k) = usize::try_from(i).ok().filter(|&k| k < n) else {
            let allowed = if n == 0 {
                "there is no legal action now".to_string()
            } else {
                format!("it must be 0..{} (an index into legal_actions())", n - 1)
            };
            return Err(illegal_with(
                format!("action index {i} is out of range: {allowed}"),
                None,
                legal.unbind(),
            ));
        };
        let (parsed, _) = parse_action(&legal.get_item(k)?)?;
        let a = parsed.ok_or_else(|| illegal("no such action".into(), None, CardSet::EMPTY))?;
        self.0.apply_unchecked(&a);
        Ok(())
    }

    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let (parsed, card) = parse_action(action)?;
        let phase = self.0.phase().name();
        // try_apply leaves the state unchanged when it refuses.
        if !parsed.is_some_and(|a| self.0.try_apply(&a).is_ok()) {
            return Err(illegal_with(
                format!(
                    "{} is not a legal action now (phase {phase:?}; see legal_actions())",
                    action.repr()?
                ),
                card,
                sorted_actions(py, &self.0)?.unbind(),
            ));
        }
        Ok(())
    }

    fn to_text(&self) -> String {
        self.0.to_text()
    }
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let t = extract_str(text, "text")?;
        RummyState::from_text(&t)
            .map(PyRummyState)
            .map_err(|e| crate::errors::text_error(&e))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        crate::text::repr(py, "RummyState", &self.0.to_text())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().0.to_text();
        crate::text::reduce(slf.as_any(), text)
    }
    fn copy(&self) -> Self {
        self.clone()
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRummyState>()
            .is_ok_and(|o| o.borrow().0 == self.0)
    }

    #[getter]
    fn rules(&self) -> PyRummyRules {
        PyRummyRules(*self.0.rules())
    }
    #[getter]
    fn num_players(&self) -> u8 {
        self.0.rules().players
    }
    #[getter]
    fn dealer(&self) -> u8 {
        self.0.dealer()
    }
    #[getter]
    fn hand_index(&self) -> u64 {
        self.0.hand_index()
    }
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.0.totals().to_vec()
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.0.phase().name()
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.0.current_player()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.current_player().is_none()
    }
    #[getter]
    fn hands(&self) -> Vec<Vec<u32>> {
        self.0
            .hands()
            .iter()
            .map(|h| h.to_vec().into_iter().map(u32::from).collect())
            .collect()
    }
    #[getter]
    fn melds<'py>(&self, py: Python<'py>) -> PyResult<Vec<Vec<Bound<'py, PyTuple>>>> {
        self.0
            .melds()
            .iter()
            .map(|ms| ms.iter().map(|m| PyTuple::new(py, m)).collect())
            .collect()
    }
    #[getter]
    fn opened(&self) -> Vec<bool> {
        self.0.opened().to_vec()
    }
    #[getter]
    fn blocked(&self) -> Vec<bool> {
        self.0.blocked().to_vec()
    }
    #[getter]
    fn stock_size(&self) -> usize {
        self.0.stock_size()
    }
    #[getter]
    fn stock(&self) -> Vec<u32> {
        self.0.stock().into_iter().map(u32::from).collect()
    }
    #[getter]
    fn pile(&self) -> Vec<u32> {
        self.0.pile().iter().map(|&c| u32::from(c)).collect()
    }
    #[getter]
    fn turn(&self) -> u32 {
        self.0.turn()
    }
    #[getter]
    fn went_out(&self) -> Option<u8> {
        self.0.went_out()
    }
    fn hand_scores(&self) -> Vec<i64> {
        self.0.hand_scores()
    }
    fn totals_after(&self) -> Vec<i64> {
        self.0
            .hand_scores()
            .iter()
            .zip(self.0.totals())
            .map(|(a, b)| a + b)
            .collect()
    }
}

// ---------------------------------------------------------------- game

#[pyclass(name = "RummyGame", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PyRummyGame(hearts_engine::rummy::RummyGame);

#[pymethods]
impl PyRummyGame {
    #[new]
    #[pyo3(signature = (rules, *, seed = None, first_dealer = None, deals = None, totals = None))]
    fn new(
        rules: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        first_dealer: Option<&Bound<'_, PyAny>>,
        deals: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let r = extract_rummy_rules(rules)?;
        let seed = opt_seed(seed)?;
        let first_dealer = opt_seat(first_dealer, r.players, "first_dealer")?;
        let mut list = Vec::new();
        if let Some(ds) = deals.filter(|d| !d.is_none()) {
            for (i, d) in seq(ds, "deals")?.iter().enumerate() {
                let pair = seq(d, &format!("deals[{i}]"))?;
                if pair.len() != 2 {
                    return Err(type_error(format!(
                        "deals[{i}] must be a (hands, stock) pair, got {} items",
                        pair.len()
                    )));
                }
                let hands: Vec<Vec<i128>> = seq(&pair[0], "hands")?
                    .iter()
                    .enumerate()
                    .map(|(s, h)| int_list(h, &format!("deals[{i}] hands[{s}]")))
                    .collect::<PyResult<_>>()?;
                let stock = int_list(&pair[1], &format!("deals[{i}] stock"))?;
                let hands: Vec<Vec<u8>> = hands
                    .iter()
                    .map(|h| ids_of(h, "hands"))
                    .collect::<PyResult<_>>()?;
                let stock = ids_of(&stock, "stock")?;
                check_deal(&r, &hands, &stock, &[])
                    .map_err(|e| InvalidDealError::new_err(format!("deals[{i}]: {}", e.0)))?;
                list.push((hands, stock));
            }
        }
        let totals = extract_totals(&r, totals)?;
        Ok(PyRummyGame(hearts_engine::rummy::RummyGame::new(
            &r,
            Rng::new(seed),
            first_dealer,
            list,
            totals,
        )))
    }

    #[getter]
    fn rules(&self) -> PyRummyRules {
        PyRummyRules(*self.0.rules())
    }
    #[getter]
    fn num_players(&self) -> u8 {
        self.0.rules().players
    }
    #[getter]
    fn state(&self) -> PyRummyState {
        PyRummyState(self.0.state().clone())
    }
    #[getter]
    fn phase(&self) -> &'static str {
        if self.0.is_over() {
            "over"
        } else {
            self.0.state().phase().name()
        }
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        if self.0.is_over() {
            None
        } else {
            self.0.state().current_player()
        }
    }
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.0.is_over() {
            return Ok(PyList::empty(py));
        }
        sorted_actions(py, self.0.state())
    }
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let (parsed, card) = parse_action(action)?;
        let repr = action.repr()?;
        let Some(a) = parsed.filter(|_| !self.0.is_over()) else {
            return Err(illegal_with(
                format!("{repr} is not a legal action now"),
                card,
                self.legal_actions(py)?.unbind(),
            ));
        };
        // try_apply leaves the game unchanged when it refuses.
        if self.0.try_apply(&a).is_err() {
            return Err(illegal_with(
                format!("{repr} is not a legal action now (see legal_actions())"),
                card,
                self.legal_actions(py)?.unbind(),
            ));
        }
        Ok(())
    }
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.0.totals().to_vec()
    }
    #[getter]
    fn hands_played(&self) -> usize {
        self.0.history().len()
    }
    #[getter]
    fn hand_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for h in self.0.history() {
            let d = PyDict::new(py);
            d.set_item("dealer", h.dealer)?;
            d.set_item("hand_scores", h.hand_scores.clone())?;
            d.set_item("totals", h.totals.clone())?;
            d.set_item("went_out", h.went_out)?;
            list.append(d)?;
        }
        Ok(list)
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    #[getter]
    fn winners(&self) -> Vec<u32> {
        self.0.winners().iter().map(|&w| u32::from(w)).collect()
    }
    /// An independent copy of the whole game.
    fn copy(&self) -> Self {
        self.clone()
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }
    fn to_text(&self) -> String {
        self.0.to_text()
    }
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let t = extract_str(text, "text")?;
        hearts_engine::rummy::RummyGame::from_text(&t)
            .map(PyRummyGame)
            .map_err(|e| crate::errors::text_error(&e))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        crate::text::repr(py, "RummyGame", &self.0.to_text())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().0.to_text();
        crate::text::reduce(slf.as_any(), text)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyRummyGame>().is_ok_and(|o| {
            crate::text::past(&o.borrow().0.to_text()) == crate::text::past(&self.0.to_text())
        })
    }
}

// ---------------------------------------------------------------- batch

/// Hands per GIL round trip (signal check, progress).
const CHUNK: usize = 1 << 10;
/// Games per GIL round trip.
const GAME_CHUNK: usize = CHUNK / 16;
/// Hands per work item of a thread.
const BLOCK: usize = 64;
/// Games per work item of a thread.
const GAME_BLOCK: usize = 8;

/// Simulates rummy hands or games with in-engine policies (`greedy`, the default, or
/// `random`); see docs/rummy-api.md and docs/protocol.md.
#[pyfunction]
#[pyo3(signature = (rules, *, hands = None, games = None, seed = None, policy = None, threads = None, stream = None, progress = None, hand_limit = None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate_rummy<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    hands: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    policy: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    stream: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
    hand_limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    use crate::sim::{
        extract_count, extract_hand_limit, extract_policy_spec, extract_progress, extract_stream,
        extract_threads, run_job, run_stream_job,
    };
    use numpy::{IntoPyArray, PyArrayMethods};
    let r = extract_rummy_rules(rules)?;
    let stream = extract_stream(stream)?;
    let hand_limit = extract_hand_limit(hand_limit)?;
    let seed = opt_seed(seed)?;
    let policies = extract_policy_spec(policy)?.rummy(r.players)?;
    let threads = extract_threads(threads)?;
    let progress = extract_progress(progress)?;
    let count = |o: Option<&Bound<'py, PyAny>>, what: &str| {
        o.filter(|h| !h.is_none())
            .map(|h| extract_count(h, what))
            .transpose()
    };
    let (hands, games) = (count(hands, "hands")?, count(games, "games")?);
    let pool = hearts_engine::batch::Pool::new(threads)
        .map_err(|e| InvalidArgumentError::new_err(e.to_string()))?;
    let p = usize::from(r.players);
    let batch = RummyBatch {
        rules: r,
        seed,
        policies: &policies,
    };
    let d = PyDict::new(py);
    match (hands, games) {
        (Some(_), Some(_)) => Err(InvalidArgumentError::new_err(
            "give either hands= or games=, not both",
        )),
        (None, None) => Err(InvalidArgumentError::new_err(
            "give hands= (a number of hands) or games=",
        )),
        (None, Some(_)) if stream => Err(InvalidArgumentError::new_err(
            "stream=True works with hands=, not games=",
        )),
        (Some(n), None) if stream => {
            let st = run_stream_job(py, &pool, &batch, n, CHUNK, BLOCK, progress)?;
            d.set_item("hands", st.hands)?;
            d.set_item(
                "mean_hand_scores",
                crate::sim::means(&st.score).into_pyarray(py),
            )?;
            d.set_item(
                "var_hand_scores",
                crate::sim::variances(&st.score).into_pyarray(py),
            )?;
            d.set_item("opens", st.opens.clone().into_pyarray(py))?;
            d.set_item("outs", st.outs.clone().into_pyarray(py))?;
            d.set_item("nobody_out", st.nobody_out)?;
            d.set_item("mean_turns", st.turns.mean())?;
            d.set_item("var_turns", st.turns.variance())?;
            Ok(d)
        }
        (Some(n), None) => {
            let RummyHandsOut {
                hand_scores: scores,
                opened,
                went_out: went,
                turns,
                ..
            } = run_job(py, &pool, &batch, n, CHUNK, BLOCK, progress)?;
            d.set_item("hand_scores", scores.into_pyarray(py).reshape([n, p])?)?;
            d.set_item("opened", opened.into_pyarray(py).reshape([n, p])?)?;
            d.set_item("went_out", went.into_pyarray(py))?;
            d.set_item("turns", turns.into_pyarray(py))?;
            Ok(d)
        }
        (None, Some(n)) => {
            let job = Games {
                batch: &batch,
                hand_limit,
            };
            let RummyGamesOut {
                totals,
                winners,
                hands_played: played,
                finished,
                ..
            } = run_job(py, &pool, &job, n, GAME_CHUNK, GAME_BLOCK, progress)?;
            d.set_item("totals", totals.into_pyarray(py).reshape([n, p])?)?;
            d.set_item("winners", winners.into_pyarray(py).reshape([n, p])?)?;
            d.set_item("hands_played", played.into_pyarray(py))?;
            d.set_item("finished", finished.into_pyarray(py))?;
            Ok(d)
        }
    }
}
