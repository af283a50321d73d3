//! `HeartsState`: one hand, wrapping the engine state and its action log.

use super::rules::PyHeartsRules;
use crate::convert::{
    extract_card, extract_cards, extract_int, extract_str, given, ids, iterable, seats_of_mask,
};
use crate::errors::InvalidRulesError;
use crate::errors::{deal_error, illegal, play_error, rules_error, type_error, InvalidDealError};
use crate::protocol::protocol_class;
use crate::protocol::HandArgs;
use hearts_engine::hearts::sim::batch_state;
use hearts_engine::hearts::{
    deal_random, resolve_direction, Action, ActionError, HandDirection, HandLog, HeartsRules,
    HeartsState,
};
use hearts_engine::{Card, Rng};
use pyo3::prelude::*;
use pyo3::types::PyString;

#[doc = crate::docs::stub_doc!("HeartsState")]
#[pyclass(name = "HeartsState", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PyHeartsState {
    pub log: HandLog,
    pub state: HeartsState,
}

/// The seat of a pass or forward: out of range is an `IllegalMoveError` with `.legal`
/// `legal`.
fn extract_seat(obj: &Bound<'_, PyAny>, n: u8, legal: Vec<u32>) -> PyResult<u8> {
    let s = extract_int(obj, "seat")?;
    s.within(0..=i128::from(n) - 1, || {
        illegal(
            format!("seat must be a seat 0..{}, got {s}", n - 1),
            None,
            legal,
        )
    })
}

/// `.legal` of a refused `pass_cards(seat, …)`.
fn pass_choices(state: &HeartsState, seat: u8) -> Vec<u32> {
    ids(state.pass_options(seat))
}

/// `.legal` of a refused `forward(seat)`.
fn forward_choices(state: &HeartsState) -> Vec<u32> {
    seats_of_mask(state.forward_options(), state.num_players())
}

/// A refused action of `state` as an `IllegalMoveError` whose `.legal` is what could be done
/// instead.
pub fn action_error(state: &HeartsState, action: Action, e: ActionError) -> PyErr {
    match (e, action) {
        (ActionError::Play(e), _) => play_error(e, e.card().map(Card::id), state.legal_plays()),
        (ActionError::Pass(e), Action::Pass(seat, _)) => {
            illegal(e.to_string(), None, pass_choices(state, seat))
        }
        (ActionError::Pass(e), _) => illegal(e.to_string(), None, forward_choices(state)),
    }
}

/// The arguments of `pass_cards(seat, cards)` as an action of `state`.
pub fn pass_action(
    state: &HeartsState,
    seat: &Bound<'_, PyAny>,
    cards: &Bound<'_, PyAny>,
) -> PyResult<Action> {
    let seat = extract_seat(seat, state.num_players(), Vec::new())?;
    let (set, dup) = extract_cards(cards, "cards")?;
    if let Some(c) = dup {
        return Err(illegal(
            format!(
                "{c} is given twice; pass {} distinct cards",
                state.pass_count()
            ),
            Some(c.id()),
            pass_choices(state, seat),
        ));
    }
    Ok(Action::Pass(seat, set))
}

/// The argument of `forward(seat)` as an action of `state`.
pub fn forward_action(state: &HeartsState, seat: &Bound<'_, PyAny>) -> PyResult<Action> {
    extract_seat(seat, state.num_players(), forward_choices(state)).map(Action::Forward)
}

/// A hand's `pass_direction=`: None, or a direction name.
pub fn extract_direction(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<HandDirection>> {
    given(obj)
        .map(|o| {
            let s = extract_str(o, "pass_direction")?;
            HandDirection::from_name(&s).ok_or_else(|| {
                InvalidRulesError::new_err(format!(
                    "a hand's pass_direction must be one of {}; got {s:?}",
                    HandDirection::allowed()
                ))
            })
        })
        .transpose()
}

/// Explicit hands: a sequence of `players` iterables of card ids.
pub fn extract_deal(
    rules: &HeartsRules,
    hands: &Bound<'_, PyAny>,
    dealer: u8,
    hand_index: u64,
    direction: HandDirection,
) -> PyResult<HeartsState> {
    if hands.is_instance_of::<PyString>() {
        return Err(type_error(
            "hands must be a sequence of sequences of card ids, got str".into(),
        ));
    }
    let mut sets = Vec::new();
    let a = "a sequence of sequences of card ids";
    for (seat, h) in iterable(hands, "hands", a)?.iter().enumerate() {
        let (set, dup) = extract_cards(h, &format!("hands[{seat}]"))?;
        if let Some(c) = dup {
            return Err(InvalidDealError::new_err(format!(
                "{c} is dealt more than once (in hands[{seat}])"
            )));
        }
        sets.push(set);
    }
    HeartsState::from_deal(rules, &sets, dealer, hand_index, direction).map_err(deal_error)
}

/// This hand's pass direction: `pass_direction=` when given, else the rules' direction
/// for the hand index, drawn from `Rng::new(seed)` under `random`; with the generator after
/// that draw, which a random deal goes on using.
fn direction(
    a: &HandArgs<HeartsRules>,
    pass_direction: Option<&Bound<'_, PyAny>>,
) -> PyResult<(HandDirection, Rng)> {
    let mut rng = Rng::new(a.seed);
    let given = extract_direction(pass_direction)?;
    let direction =
        resolve_direction(&a.rules, a.hand_index, given, &mut rng).map_err(rules_error)?;
    Ok((direction, rng))
}

impl PyHeartsState {
    /// A hand that has not moved yet.
    pub fn dealt(state: HeartsState) -> Self {
        PyHeartsState {
            log: HandLog::new(state),
            state,
        }
    }

    /// Makes `action` with the engine's checks and logs it.
    pub fn apply(&mut self, action: Action) -> PyResult<()> {
        self.state
            .try_apply(action)
            .map_err(|e| action_error(&self.state, action, e))?;
        self.log.record(action);
        Ok(())
    }
}

protocol_class! {
    PyHeartsState as "HeartsState",
    text: |s| s.log.to_text(),
    read: |t| HandLog::from_text(t).map(|(log, state)| PyHeartsState { log, state }),
    same: |a, b| a.log == b.log && a.state == b.state,
    hand: |s| s.state => PyHeartsRules,
    from_batch: PyHeartsRules => |rules, seed, index| PyHeartsState::dealt(batch_state(&rules, seed, index)),
    trick_taking: |s| &s.state,
    new(rules; seed, dealer, hand_index, pass_direction)
        "(rules, *, seed=None, dealer=None, hand_index=None, pass_direction=None)" {
        let a = HandArgs::<HeartsRules>::extract(rules, dealer, hand_index, seed)?;
        let (direction, mut rng) = direction(&a, pass_direction)?;
        let hands = deal_random(&a.rules, a.dealer, &mut rng);
        let state = HeartsState::new_unchecked(&a.rules, hands, a.dealer, a.hand_index, direction);
        Ok(PyHeartsState::dealt(state))
    },
    from_deal(rules, hands; dealer, hand_index, pass_direction, seed)
        "($cls, rules, hands, *, dealer=None, hand_index=None, pass_direction=None, seed=None)" {
        let a = HandArgs::<HeartsRules>::extract(rules, dealer, hand_index, seed)?;
        let (direction, _) = direction(&a, pass_direction)?;
        let state = extract_deal(&a.rules, hands, a.dealer, a.hand_index, direction)?;
        Ok(PyHeartsState::dealt(state))
    };

    fn __str__(&self) -> String {
        let s = &self.state;
        let mut out = format!(
            "HeartsState(phase={}, trick {}",
            s.phase().name(),
            s.trick_number()
        );
        if let Some(p) = s.current_player() {
            out.push_str(&format!(", to move: {p}"));
        }
        out.push(')');
        for (i, h) in s.hands().iter().enumerate() {
            out.push_str(&format!("\n  seat {i}: {h:?}  points {}", s.points()[i]));
        }
        out
    }

    #[doc = crate::docs::stub_doc!("HeartsState", "legal_mask")]
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<bool>> {
        let m = hearts_engine::hearts::tensor::legal_mask(&self.state, hearts_engine::CardSet::EMPTY);
        crate::env::mask_array(py, m, hearts_engine::hearts::tensor::ACTIONS)
    }

    #[doc = crate::docs::stub_doc!("HeartsState", "observation")]
    fn observation(&self, seat: &Bound<'_, PyAny>) -> PyResult<crate::info::PyHeartsInfo> {
        let seat = crate::info::extract_observer(seat, self.state.num_players())?;
        let info = hearts_engine::hearts::info::HeartsInfo::observe(&self.log, seat)
            .ok_or_else(|| crate::errors::InvalidArgumentError::new_err("no such seat"))?;
        Ok(crate::info::PyHeartsInfo(info))
    }

    #[doc = crate::docs::stub_doc!("HeartsState", "pass_direction")]
    #[getter]
    fn pass_direction(&self) -> &'static str {
        self.state.pass_direction().name()
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "pass_count")]
    #[getter]
    fn pass_count(&self) -> u8 {
        self.state.pass_count()
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "pending_passes")]
    fn pending_passes(&self) -> Vec<u32> {
        seats_of_mask(self.state.pending_passes(), self.state.num_players())
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "pass_cards")]
    fn pass_cards(&mut self, seat: &Bound<'_, PyAny>, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = pass_action(&self.state, seat, cards)?;
        self.apply(action)
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "forward")]
    fn forward(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = forward_action(&self.state, seat)?;
        self.apply(action)
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "play")]
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        self.apply(Action::Play(extract_card(card)?))
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "captured")]
    #[getter]
    fn captured(&self) -> Vec<Vec<u32>> {
        let value = self.state.rules().value_cards();
        self.state
            .captured()
            .iter()
            .map(|c| ids(*c & value))
            .collect()
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "hearts_broken")]
    #[getter]
    fn hearts_broken(&self) -> bool {
        self.state.hearts_broken()
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "points")]
    fn points(&self) -> Vec<u32> {
        self.state.points()[..usize::from(self.state.num_players())].to_vec()
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "moon_shooter")]
    fn moon_shooter(&self) -> Option<u8> {
        self.state.moon_shooter()
    }
    #[doc = crate::docs::stub_doc!("HeartsState", "hand_scores")]
    fn hand_scores(&self) -> Vec<i32> {
        self.state.hand_scores()[..usize::from(self.state.num_players())].to_vec()
    }
}
