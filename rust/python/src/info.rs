//! What a seat knows (docs/information.md): `HeartsInfoState` and `SpadesInfoState`, made by
//! `state.observation(seat)`, with their text form, pickling, `==` and hash, the exact count
//! of the worlds that agree, and sampling: full states (`info.sample`) or many deals as
//! arrays (`sample_deals`, the GIL released, any thread count, the same rows).

use crate::batch::{check_range, detached, extract_start, extract_threads, pool};
use crate::convert::{extract_int, given, ids, type_name, Int};
use crate::errors::{type_error, InvalidArgumentError};
use crate::hearts::rules::PyHeartsRules;
use crate::hearts::state::PyHeartsState;
use crate::protocol::{bind_args, parse_args};
use crate::spades::rules::PySpadesRules;
use crate::spades::state::PySpadesState;
use hearts_engine::batch::map_all;
use hearts_engine::hearts::info::HeartsInfo;
use hearts_engine::info::{Hidden, Worlds, MAX_SEATS};
use hearts_engine::spades::info::SpadesInfo;
use hearts_engine::{CardSet, Rng};
use numpy::{IntoPyArray, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// The columns of `sample_deals(...).hands`: card ids 0..53, the Spades jokers included.
const CARD_IDS: usize = 54;
/// Worlds of a `sample_deals` call drawn by one task: the split never depends on the thread
/// count, and each world's generator depends only on `(seed, index)`.
const CHUNK: usize = 4096;
/// The most worlds one call returns.
const MAX_WORLDS: i128 = 1 << 32;

static SAMPLED_DEALS: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The worlds of `hidden`, or the error that no hand agrees.
fn worlds(hidden: Hidden) -> PyResult<Worlds> {
    Worlds::new(hidden).map_err(|e| InvalidArgumentError::new_err(e.to_string()))
}

/// `n=`: an int 0..=2**32.
fn extract_n(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    let n = extract_int(obj, "n")?;
    n.within(0..=MAX_WORLDS, || {
        InvalidArgumentError::new_err(format!("n must be 0..={MAX_WORLDS}, got {n}"))
    })
}

/// The seat argument of `observation(seat)`: an int 0..players-1.
pub fn extract_observer(obj: &Bound<'_, PyAny>, players: u8) -> PyResult<u8> {
    let s: Int = extract_int(obj, "seat")?;
    s.within(0..=i128::from(players) - 1, || {
        InvalidArgumentError::new_err(format!("seat must be a seat 0..{}, got {s}", players - 1))
    })
}

/// The suits (0 clubs .. 3 spades, the jokers with the spades) all of whose cards of `deck`
/// are in `lacks`.
fn voids(lacks: CardSet, deck: CardSet) -> Vec<u32> {
    (0..4u8)
        .filter(|&s| {
            // The jokers are spades (B.3 #5).
            let suit = if s == 3 {
                CardSet::SPADE_SUIT
            } else {
                CardSet::suit(hearts_engine::Suit::ALL[usize::from(s)])
            } & deck;
            !suit.is_empty() && suit.is_subset(lacks)
        })
        .map(u32::from)
        .collect()
}

/// `weights=`: None, or an array `(54, players)` (or `(52, players)`) of finite weights ≥ 0.
fn extract_weights(obj: Option<&Bound<'_, PyAny>>, players: u8) -> PyResult<Option<Vec<f64>>> {
    let Some(obj) = given(obj) else {
        return Ok(None);
    };
    let np = obj.py().import("numpy")?;
    let array = np.call_method1("asarray", (obj, "float64")).map_err(|_| {
        type_error(format!(
            "weights must be None or an array of numbers of shape (54, {players}), got {}",
            type_name(obj)
        ))
    })?;
    let array: PyReadonlyArray2<'_, f64> = array.extract().map_err(|_| {
        InvalidArgumentError::new_err(format!(
            "weights must be 2-dimensional, of shape (54, {players}) (or (52, {players}))"
        ))
    })?;
    let shape = array.as_array().dim();
    let shape = [shape.0, shape.1];
    let p = usize::from(players);
    if !(shape[0] == 54 || shape[0] == 52) || shape[1] != p {
        return Err(InvalidArgumentError::new_err(format!(
            "weights has shape ({}, {}); it must be (54, {p}) (or (52, {p})): one row per card \
             id, one column per seat",
            shape[0], shape[1]
        )));
    }
    let mut w = vec![1.0; CARD_IDS * MAX_SEATS];
    for ((c, s), &x) in array.as_array().indexed_iter() {
        if !x.is_finite() || x < 0.0 {
            return Err(InvalidArgumentError::new_err(format!(
                "weights[{c}, {s}] is {x}; weights must be finite and >= 0"
            )));
        }
        w[c * MAX_SEATS + s] = x;
    }
    Ok(Some(w))
}

/// Draws worlds `start..start + n` of the stream `seed` into the rows of `hands` (the holder
/// of each card id, -1 when no seat holds it) and their importance weights.
fn draw(
    py: Python<'_>,
    base: &Worlds,
    (start, n): (u64, usize),
    seed: u64,
    weights: Option<&[f64]>,
    threads: usize,
) -> PyResult<(Vec<i8>, Vec<f64>)> {
    let pool = pool(threads)?;
    let firsts: Vec<usize> = (0..n).step_by(CHUNK).collect();
    let parts = detached(py, |stop| {
        pool.install(|| {
            map_all(firsts, |first| {
                let mut w = base.clone();
                let len = CHUNK.min(n - first);
                let mut rows = vec![-1i8; len * CARD_IDS];
                let mut iw = vec![1.0f64; len];
                if stop.requested() {
                    return (rows, iw);
                }
                let hidden = w.hidden().hidden;
                for i in 0..len {
                    let index = start + (first + i) as u64;
                    let hands = w.sample(&mut Rng::for_game(seed, index));
                    let row = &mut rows[i * CARD_IDS..(i + 1) * CARD_IDS];
                    for (s, h) in hands.iter().enumerate() {
                        for c in *h {
                            row[usize::from(c.id())] = s as i8;
                            if let (Some(wt), true) = (weights, hidden.contains(c)) {
                                iw[i] *= wt[usize::from(c.id()) * MAX_SEATS + s];
                            }
                        }
                    }
                }
                (rows, iw)
            })
        })
    })?;
    let mut hands = Vec::with_capacity(n * CARD_IDS);
    let mut iw = Vec::with_capacity(n);
    for (rows, w) in parts {
        hands.extend(rows);
        iw.extend(w);
    }
    Ok((hands, iw))
}

/// The members both classes share: the engine observation is `self.0`.
macro_rules! info_class {
    ($ty:ident as $class:tt, $info:ty, $rules:ident, $state:ident, |$w:ident, $h:ident| $world:expr; $($members:tt)*) => {
        #[pymethods]
        impl $ty {
            $($members)*

            /// Not constructible: an observation comes from `state.observation(seat)` or
            /// `from_text`.
            #[new]
            #[pyo3(signature = (*_args, **_kwargs))]
            fn new(
                _args: &Bound<'_, PyTuple>,
                _kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Self> {
                Err(type_error(format!(
                    "{} cannot be created directly: use state.observation(seat) or {}.from_text(text)",
                    $class, $class
                )))
            }

            #[doc = $crate::docs::stub_doc!($class, "to_text")]
            fn to_text(&self) -> String {
                self.0.to_text()
            }

            #[doc = $crate::docs::stub_doc!($class, "from_text")]
            #[classmethod]
            #[pyo3(signature = (*args, **kwargs), text_signature = "($cls, text)")]
            fn from_text(
                _cls: &Bound<'_, PyType>,
                args: &Bound<'_, PyTuple>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Self> {
                let ([text], []) =
                    parse_args(concat!($class, ".from_text()"), args, kwargs, ["text"], [])?;
                let text = crate::convert::extract_str(&text, "text")?;
                <$info>::from_text(&text)
                    .map($ty)
                    .map_err(crate::errors::text_error)
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                crate::protocol::repr(py, $class, &self.0.to_text())
            }

            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                let text = slf.borrow().0.to_text();
                Ok((slf.get_type().getattr("from_text")?, (text,)))
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.cast::<Self>().is_ok_and(|o| o.borrow().0 == self.0)
            }

            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                self.0.hash(&mut h);
                h.finish()
            }

            #[doc = $crate::docs::stub_doc!($class, "rules")]
            #[getter]
            fn rules(&self) -> $rules {
                $rules(self.0.rules)
            }

            #[doc = $crate::docs::stub_doc!($class, "num_players")]
            #[getter]
            fn num_players(&self) -> u8 {
                self.0.hidden.seats
            }

            #[doc = $crate::docs::stub_doc!($class, "seat")]
            #[getter]
            fn seat(&self) -> u8 {
                self.0.seat
            }

            #[doc = $crate::docs::stub_doc!($class, "dealer")]
            #[getter]
            fn dealer(&self) -> u8 {
                self.0.dealer
            }

            #[doc = $crate::docs::stub_doc!($class, "hand_index")]
            #[getter]
            fn hand_index(&self) -> u64 {
                self.0.hand_index
            }

            #[doc = $crate::docs::stub_doc!($class, "phase")]
            #[getter]
            fn phase(&self) -> &'static str {
                self.0.phase.name()
            }

            #[doc = $crate::docs::stub_doc!($class, "current_player")]
            #[getter]
            fn current_player(&self) -> Option<u8> {
                self.0.to_move
            }

            #[doc = $crate::docs::stub_doc!($class, "hand")]
            #[getter]
            fn hand(&self) -> Vec<u32> {
                ids(self.0.hand())
            }

            #[doc = $crate::docs::stub_doc!($class, "hand_sizes")]
            #[getter]
            fn hand_sizes(&self) -> Vec<u32> {
                crate::convert::widen(&self.0.hidden.sizes[..usize::from(self.0.hidden.seats)])
            }

            #[doc = $crate::docs::stub_doc!($class, "plays")]
            #[getter]
            fn plays(&self) -> Vec<(u8, u8)> {
                self.0.plays.iter().map(|&(s, c)| (s, c.id())).collect()
            }

            #[doc = $crate::docs::stub_doc!($class, "trick")]
            #[getter]
            fn trick(&self) -> Vec<(u8, u8)> {
                self.0.trick.plays().map(|(s, c)| (s, c.id())).collect()
            }

            #[doc = $crate::docs::stub_doc!($class, "trick_winners")]
            #[getter]
            fn trick_winners(&self) -> Vec<u32> {
                crate::convert::widen(&self.0.trick_winners)
            }

            #[doc = $crate::docs::stub_doc!($class, "known")]
            #[getter]
            fn known(&self) -> Vec<Vec<u32>> {
                let h = &self.0.hidden;
                h.known[..usize::from(h.seats)].iter().map(|&k| ids(k)).collect()
            }

            #[doc = $crate::docs::stub_doc!($class, "lacks")]
            #[getter]
            fn lacks(&self) -> Vec<Vec<u32>> {
                let h = &self.0.hidden;
                h.lacks[..usize::from(h.seats)].iter().map(|&k| ids(k)).collect()
            }

            #[doc = $crate::docs::stub_doc!($class, "voids")]
            #[getter]
            fn voids(&self) -> Vec<Vec<u32>> {
                let h = &self.0.hidden;
                let deck = self.0.rules.deck();
                h.lacks[..usize::from(h.seats)]
                    .iter()
                    .map(|&l| voids(l, deck))
                    .collect()
            }

            #[doc = $crate::docs::stub_doc!($class, "unseen")]
            #[getter]
            fn unseen(&self) -> Vec<u32> {
                ids(self.0.hidden.hidden)
            }

            #[doc = $crate::docs::stub_doc!($class, "tensor")]
            #[pyo3(signature = (kind = None, layout = None))]
            fn tensor<'py>(
                &self,
                py: Python<'py>,
                kind: Option<&Bound<'py, PyAny>>,
                layout: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                let kind = crate::env::extract_kind(kind)?;
                let layout = crate::env::extract_layout(layout)?;
                let t = self.0.tensor(kind, layout).map_err(InvalidArgumentError::new_err)?;
                Ok(numpy::PyArray1::from_vec(py, t))
            }

            #[doc = $crate::docs::stub_doc!($class, "count_worlds")]
            fn count_worlds(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let mut w = worlds(self.0.hidden)?;
                Ok(w.count().into_pyobject(py)?.into_any().unbind())
            }

            #[doc = $crate::docs::stub_doc!($class, "sample")]
            #[pyo3(signature = (*args, **kwargs), text_signature = "($self, n, *, seed=None, start=None)")]
            fn sample(
                &self,
                args: &Bound<'_, PyTuple>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Vec<$state>> {
                bind_args!(concat!($class, ".sample()"), args, kwargs; n; seed, start);
                let n = extract_n(n)?;
                let seed = crate::convert::opt_seed(seed)?;
                let start = extract_start(start)?;
                check_range(start, n, "n")?;
                let mut w = worlds(self.0.hidden)?;
                (0..n)
                    .map(|i| {
                        let $h = w.sample(&mut Rng::for_game(seed, start + i as u64));
                        let $w = &self.0;
                        $world
                    })
                    .collect()
            }
        }
    };
}

#[doc = crate::docs::stub_doc!("HeartsInfoState")]
#[pyclass(name = "HeartsInfoState", module = "hearts_fast._core", frozen)]
pub struct PyHeartsInfo(pub HeartsInfo);

#[doc = crate::docs::stub_doc!("SpadesInfoState")]
#[pyclass(name = "SpadesInfoState", module = "hearts_fast._core", frozen)]
pub struct PySpadesInfo(pub SpadesInfo);

/// An internal error: a world that does not replay.
fn replay_error(e: impl std::fmt::Display) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(format!(
        "internal error, please report: a sampled world does not replay: {e}"
    ))
}

info_class!(PyHeartsInfo as "HeartsInfoState", HeartsInfo, PyHeartsRules, PyHeartsState, |info, hands| {
    let log = info.world(&hands).map_err(replay_error)?;
    let state = log.replay().map_err(replay_error)?;
    Ok(PyHeartsState { log, state })
};
    #[doc = crate::docs::stub_doc!("HeartsInfoState", "pass_direction")]
    #[getter]
    fn pass_direction(&self) -> &'static str {
        self.0.direction.name()
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "pass_count")]
    #[getter]
    fn pass_count(&self) -> u8 {
        self.0.pass_count
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "dealt")]
    #[getter]
    fn dealt(&self) -> Vec<u32> {
        ids(self.0.dealt)
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "passed")]
    #[getter]
    fn passed(&self) -> Vec<u32> {
        ids(self.0.passed)
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "passed_to")]
    #[getter]
    fn passed_to(&self) -> Option<u8> {
        self.0.passed_to
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "received")]
    #[getter]
    fn received(&self) -> Vec<u32> {
        ids(self.0.received)
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "received_from")]
    #[getter]
    fn received_from(&self) -> Option<u8> {
        self.0.received_from
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "decided")]
    #[getter]
    fn decided(&self) -> Vec<u32> {
        crate::convert::seats_of_mask(self.0.decided, self.0.hidden.seats)
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "forwarded")]
    #[getter]
    fn forwarded(&self) -> Vec<u32> {
        crate::convert::seats_of_mask(self.0.forwarded, self.0.hidden.seats)
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "points")]
    #[getter]
    fn points(&self) -> Vec<u32> {
        self.0.points[..usize::from(self.0.hidden.seats)].to_vec()
    }

    #[doc = crate::docs::stub_doc!("HeartsInfoState", "totals")]
    #[getter]
    fn totals<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, pyo3::types::PyList>>> {
        if self.0.totals.is_empty() {
            return Ok(None);
        }
        let out = pyo3::types::PyList::empty(py);
        for &t in &self.0.totals {
            if self.0.rules.scoring == hearts_engine::hearts::Scoring::Chips {
                out.append(crate::hearts::game::chips(py, t)?)?;
            } else {
                out.append(t)?;
            }
        }
        Ok(Some(out))
    }
);

info_class!(PySpadesInfo as "SpadesInfoState", SpadesInfo, PySpadesRules, PySpadesState, |info, hands| {
    info.world(&hands).map(PySpadesState::wrap).map_err(replay_error)
};
    #[doc = crate::docs::stub_doc!("SpadesInfoState", "bids")]
    #[getter]
    fn bids<'py>(&self, py: Python<'py>) -> PyResult<Vec<Option<Bound<'py, PyAny>>>> {
        self.0
            .bids
            .iter()
            .map(|&b| crate::spades::state::py_bid(py, b).map(|o| (!o.is_none()).then_some(o)))
            .collect()
    }

    #[doc = crate::docs::stub_doc!("SpadesInfoState", "face_up")]
    #[getter]
    fn face_up(&self) -> Vec<Vec<u32>> {
        self.0.face_up.iter().map(|&f| ids(f)).collect()
    }

    #[doc = crate::docs::stub_doc!("SpadesInfoState", "redeal_claims")]
    #[getter]
    fn redeal_claims(&self) -> Vec<(u8, Vec<u32>)> {
        self.0.claims.iter().map(|&(s, c)| (s, ids(c))).collect()
    }

    #[doc = crate::docs::stub_doc!("SpadesInfoState", "totals")]
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.0.totals.to_vec()
    }

    #[doc = crate::docs::stub_doc!("SpadesInfoState", "bags")]
    #[getter]
    fn bags(&self) -> Vec<i64> {
        self.0.bags.to_vec()
    }

    #[doc = crate::docs::stub_doc!("SpadesInfoState", "tricks_taken")]
    #[getter]
    fn tricks_taken(&self) -> Vec<u32> {
        crate::convert::widen(&self.0.tricks_taken)
    }
);

#[doc = crate::docs::stub_doc!("sample_deals")]
#[pyfunction]
#[pyo3(
    signature = (*args, **kwargs),
    text_signature = "(info, n, *, seed=None, weights=None, threads=None, start=None)"
)]
pub fn sample_deals<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    bind_args!("sample_deals()", args, kwargs; info, n; seed, weights, threads, start);
    let hidden = if let Ok(i) = info.cast::<PyHeartsInfo>() {
        i.get().0.hidden
    } else if let Ok(i) = info.cast::<PySpadesInfo>() {
        i.get().0.hidden
    } else {
        return Err(type_error(format!(
            "info must be a hearts_fast.HeartsInfoState or SpadesInfoState (from \
             state.observation(seat)), got {}",
            type_name(info)
        )));
    };
    let n = extract_n(n)?;
    let seed = crate::convert::opt_seed(seed)?;
    let weights = extract_weights(weights, hidden.seats)?;
    let threads = extract_threads(threads)?;
    let start = extract_start(start)?;
    check_range(start, n, "n")?;
    let base = worlds(hidden)?;
    let (hands, iw) = draw(py, &base, (start, n), seed, weights.as_deref(), threads)?;
    let hands = hands.into_pyarray(py).reshape([n, CARD_IDS])?;
    SAMPLED_DEALS
        .import(py, "hearts_fast._types", "SampledDeals")?
        .call1((hands, iw.into_pyarray(py)))
}
