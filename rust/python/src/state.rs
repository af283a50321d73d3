//! `HeartsState`: one hand, wrapping the engine state and its action log.

use crate::convert::{
    extract_card, extract_cards, extract_int, extract_seed, extract_str, seats_of_mask, type_name,
    widen,
};
use crate::errors::{
    deal_error, ids, pass_error, play_error, rules_error, text_error, type_error, InvalidDealError,
    InvalidRulesError,
};
use crate::rules::PyHeartsRules;
use hearts_engine::hearts::{
    resolve_direction, Action, HandDirection, HandLog, HeartsRules, HeartsState, Phase,
};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::PyType;

#[pyclass(name = "HeartsState", module = "hearts_fast._core", eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyHeartsState {
    pub log: HandLog,
    pub state: HeartsState,
}

/// The seat of a pass or forward: out of range is an `IllegalMoveError` with `.legal`
/// `legal`.
pub fn extract_seat(obj: &Bound<'_, PyAny>, n: u8, what: &str, legal: Vec<u32>) -> PyResult<u8> {
    let s = extract_int(obj, what)?;
    u8::try_from(s).ok().filter(|&s| s < n).ok_or_else(|| {
        crate::errors::illegal_with(
            format!("{what} must be a seat 0..{}, got {s}", n - 1),
            None,
            legal,
        )
    })
}

/// `.legal` of a refused `pass_cards(seat, …)`: the cards the seat may choose its pass from
/// (its dealt hand) when it may pass now, else none.
pub fn pass_choices(state: &HeartsState, seat: u8) -> Vec<u32> {
    let pending = state.phase() == Phase::Pass && state.pending_passes() >> seat & 1 != 0;
    if pending && seat < state.num_players() {
        ids(state.hands()[usize::from(seat)])
    } else {
        Vec::new()
    }
}

/// `.legal` of a refused `forward(seat)`: the seats that may forward now (needs
/// `pass_through`).
pub fn forward_choices(state: &HeartsState) -> Vec<u32> {
    if state.rules().pass_through && state.phase() == Phase::Pass {
        seats_of_mask(state.pending_passes(), state.num_players())
    } else {
        Vec::new()
    }
}

pub fn extract_dealer(obj: &Bound<'_, PyAny>, n: u8) -> PyResult<u8> {
    let s = extract_int(obj, "dealer")?;
    u8::try_from(s).ok().filter(|&s| s < n).ok_or_else(|| {
        InvalidDealError::new_err(format!("dealer must be a seat 0..{}, got {s}", n - 1))
    })
}

pub fn extract_direction(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<HandDirection>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => {
            let s = extract_str(o, "pass_direction")?;
            HandDirection::from_name(&s).map(Some).ok_or_else(|| {
                InvalidRulesError::new_err(format!(
                    "a hand's pass_direction must be one of {}; got {s:?}",
                    HandDirection::allowed()
                ))
            })
        }
    }
}

/// Explicit hands: a sequence of `players` iterables of card ids.
pub fn extract_deal(
    rules: &HeartsRules,
    hands: &Bound<'_, PyAny>,
    dealer: u8,
    hand_index: u64,
    direction: HandDirection,
) -> PyResult<HeartsState> {
    if hands.is_instance_of::<pyo3::types::PyString>() {
        return Err(type_error(
            "hands must be a sequence of sequences of card ids, got str".into(),
        ));
    }
    let iter = hands.try_iter().map_err(|_| {
        type_error(format!(
            "hands must be a sequence of sequences of card ids, got {}",
            type_name(hands)
        ))
    })?;
    let mut sets = Vec::new();
    for (seat, h) in iter.enumerate() {
        let (set, dup, _) = extract_cards(&h?, &format!("hands[{seat}]"))?;
        if let Some(c) = dup {
            return Err(InvalidDealError::new_err(format!(
                "{c} is dealt more than once (in hands[{seat}])"
            )));
        }
        sets.push(set);
    }
    HeartsState::from_deal(rules, &sets, dealer, hand_index, direction).map_err(|e| deal_error(&e))
}

/// The arguments every hand constructor shares: rules, dealer, hand index and this hand's
/// pass direction (drawn from `Rng::new(seed)` under `random` when not given); returns the
/// generator after that draw, which a random deal goes on using.
type HandArgs = (HeartsRules, u8, u64, HandDirection, Rng);

pub fn hand_args(
    rules: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    dealer: Option<&Bound<'_, PyAny>>,
    hand_index: Option<&Bound<'_, PyAny>>,
    pass_direction: Option<&Bound<'_, PyAny>>,
) -> PyResult<HandArgs> {
    let rules = extract_rules(rules)?;
    let seed = seed.map(extract_seed).transpose()?.unwrap_or(0);
    let dealer = dealer
        .map(|d| extract_dealer(d, rules.players))
        .transpose()?
        .unwrap_or(0);
    let hand_index = crate::convert::opt_hand_index(hand_index)?;
    let mut rng = Rng::new(seed);
    let direction = resolve_direction(
        &rules,
        hand_index,
        extract_direction(pass_direction)?,
        &mut rng,
    )
    .map_err(|e| rules_error(&e))?;
    Ok((rules, dealer, hand_index, direction, rng))
}

fn pairs(t: &hearts_engine::Trick) -> Vec<(u8, u8)> {
    t.plays().map(|(s, c)| (s, c.id())).collect()
}

impl PyHeartsState {
    pub fn from_log(log: HandLog, state: HeartsState) -> Self {
        PyHeartsState { log, state }
    }

    pub fn apply_action(&mut self, action: Action) -> PyResult<()> {
        let mut next = self.state;
        match action {
            Action::Play(c) => next
                .try_play(c)
                .map_err(|e| play_error(e, self.state.legal_plays()))?,
            Action::Pass(seat, cards) => {
                next.pass_cards(seat, cards)
                    .map_err(|e| pass_error(&e, pass_choices(&self.state, seat)))?;
            }
            Action::Forward(seat) => next
                .forward(seat)
                .map_err(|e| pass_error(&e, forward_choices(&self.state)))?,
        }
        self.state = next;
        self.log.record(action);
        Ok(())
    }
}

/// The members shared by `HeartsState` and `HeartsGame` (which delegates to its hand).
pub fn pass_action(
    state: &HeartsState,
    seat: &Bound<'_, PyAny>,
    cards: &Bound<'_, PyAny>,
) -> PyResult<Action> {
    let seat = extract_seat(seat, state.num_players(), "seat", Vec::new())?;
    let (set, dup, _) = extract_cards(cards, "cards")?;
    if let Some(c) = dup {
        return Err(crate::errors::illegal_with(
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

#[pymethods]
impl PyHeartsState {
    #[new]
    #[pyo3(signature = (rules, *, seed = None, dealer = None, hand_index = None, pass_direction = None))]
    fn new(
        rules: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        pass_direction: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (rules, dealer, hand_index, direction, mut rng) =
            hand_args(rules, seed, dealer, hand_index, pass_direction)?;
        let hands = hearts_engine::hearts::deal_random(&rules, dealer, &mut rng);
        let state = HeartsState::new_unchecked(&rules, hands, dealer, hand_index, direction);
        Ok(PyHeartsState {
            log: HandLog::new(state),
            state,
        })
    }

    #[classmethod]
    #[pyo3(signature = (rules, hands, *, dealer = None, hand_index = None, pass_direction = None, seed = None))]
    fn from_deal(
        _cls: &Bound<'_, PyType>,
        rules: &Bound<'_, PyAny>,
        hands: &Bound<'_, PyAny>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        pass_direction: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (rules, dealer, hand_index, direction, _) =
            hand_args(rules, seed, dealer, hand_index, pass_direction)?;
        let state = extract_deal(&rules, hands, dealer, hand_index, direction)?;
        Ok(PyHeartsState {
            log: HandLog::new(state),
            state,
        })
    }

    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let t = extract_str(text, "text")?;
        let (log, state) = HandLog::from_text(&t).map_err(|e| text_error(&e))?;
        Ok(PyHeartsState { log, state })
    }

    /// The initial state of hand `index` of a batch run with `seed` (its deal and pass
    /// direction; dealer `index % players`, hand index `index`).
    #[classmethod]
    #[pyo3(signature = (rules, seed, index))]
    fn from_batch(
        _cls: &Bound<'_, PyType>,
        rules: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let rules = extract_rules(rules)?;
        let seed = extract_seed(seed)?;
        let i = crate::convert::extract_index(index, "index")?;
        Ok(crate::sim::batch_state(&rules, seed, i))
    }

    fn to_text(&self) -> String {
        self.log.to_text()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        crate::text::repr(py, "HeartsState", &self.log.to_text())
    }

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

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().log.to_text();
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

    #[getter]
    fn rules(&self) -> PyHeartsRules {
        PyHeartsRules(*self.state.rules())
    }
    #[getter]
    fn num_players(&self) -> u8 {
        self.state.num_players()
    }
    #[getter]
    fn dealer(&self) -> u8 {
        self.state.dealer()
    }
    #[getter]
    fn hand_index(&self) -> u64 {
        self.state.hand_index()
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase().name()
    }
    #[getter]
    fn pass_direction(&self) -> &'static str {
        self.state.pass_direction().name()
    }
    #[getter]
    fn pass_count(&self) -> u8 {
        self.state.pass_count()
    }
    #[getter]
    fn hands(&self) -> Vec<Vec<u32>> {
        self.state.hands().iter().map(|h| ids(*h)).collect()
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.state.current_player()
    }
    fn pending_passes(&self) -> Vec<u32> {
        seats_of_mask(self.state.pending_passes(), self.state.num_players())
    }
    fn pass_cards(&mut self, seat: &Bound<'_, PyAny>, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = pass_action(&self.state, seat, cards)?;
        self.apply_action(a)
    }
    fn forward(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = self.state.num_players();
        let seat = extract_seat(seat, n, "seat", forward_choices(&self.state))?;
        self.apply_action(Action::Forward(seat))
    }
    fn legal_plays(&self) -> Vec<u32> {
        ids(self.state.legal_plays())
    }
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = extract_card(card)?;
        self.apply_action(Action::Play(c))
    }
    #[getter]
    fn trick(&self) -> Vec<(u8, u8)> {
        pairs(self.state.trick())
    }
    #[getter]
    fn trick_number(&self) -> u8 {
        self.state.trick_number()
    }
    #[getter]
    fn trick_winners(&self) -> Vec<u32> {
        widen(self.state.trick_winners())
    }
    #[getter]
    fn tricks_taken(&self) -> Vec<u32> {
        widen(self.state.tricks_taken())
    }
    #[getter]
    fn captured(&self) -> Vec<Vec<u32>> {
        let value = self.state.rules().value_cards();
        self.state
            .captured()
            .iter()
            .map(|c| ids(*c & value))
            .collect()
    }
    #[getter]
    fn hearts_broken(&self) -> bool {
        self.state.hearts_broken()
    }
    fn points(&self) -> Vec<u32> {
        self.state.points()[..usize::from(self.state.num_players())].to_vec()
    }
    fn moon_shooter(&self) -> Option<u8> {
        self.state.moon_shooter()
    }
    fn hand_scores(&self) -> Vec<i32> {
        self.state.hand_scores()[..usize::from(self.state.num_players())].to_vec()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.state.phase() == Phase::Over
    }
}

pub fn extract_rules(obj: &Bound<'_, PyAny>) -> PyResult<HeartsRules> {
    obj.cast::<PyHeartsRules>().map(|r| r.get().0).map_err(|_| {
        type_error(format!(
            "rules must be a HeartsRules, got {}",
            type_name(obj)
        ))
    })
}
