//! `simulate_hearts` and `Policy`: batch simulation with the GIL released between signal
//! checks, results as numpy arrays moved out of Rust.

use crate::convert::{extract_int, extract_seed, extract_str, type_name};
use crate::errors::InvalidArgumentError;
use crate::errors::{type_error, InvalidDealError};
use crate::state::{extract_rules, PyHeartsState};
use hearts_engine::batch::{self, Columns, Job, Moments, Pool, Stats, StreamJob};
use hearts_engine::hearts::sim::{
    batch_hand, check_deals, Batch, Games, GamesOut, HandStats, Policy, TablePolicy,
};
use hearts_engine::hearts::{HandLog, HeartsRules, MAX_PLAYERS};
use hearts_engine::rummy::sim::{policy_action, RummyPolicy};
use hearts_engine::{policy_rng, Rng};
use numpy::{IntoPyArray, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Largest batch accepted in one call.
const MAX_COUNT: i128 = 1 << 40;
/// Hands per GIL round trip (signal check, progress callback).
pub const HANDS_PER_CHUNK: usize = 1 << 18;
/// Hands per parallel work item.
pub const BLOCK: usize = 4096;
/// Games per GIL round trip and per work item.
pub const GAMES_PER_CHUNK: usize = 1 << 12;
pub const GAME_BLOCK: usize = 64;

/// A policy name as the caller gave it; which names a game takes is checked when the game is
/// known (Hearts and Spades: `random`, `heuristic`; rummy: `random`, `greedy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    Random,
    Heuristic,
    Greedy,
}

impl Name {
    fn text(self) -> &'static str {
        match self {
            Name::Random => "random",
            Name::Heuristic => "heuristic",
            Name::Greedy => "greedy",
        }
    }
}

const NAMES: &str = "Hearts and Spades: \"random\", \"heuristic\"; rummy: \"random\", \"greedy\"";

/// The `policy=` argument: None (the game's default policy at every seat), one name for
/// every seat, or one name per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolicySpec {
    Default,
    Uniform(Name),
    PerSeat(Vec<Name>),
}

fn one_name(obj: &Bound<'_, PyAny>) -> PyResult<Name> {
    let name = extract_str(obj, "policy")?;
    match name.as_str() {
        "random" => Ok(Name::Random),
        "heuristic" => Ok(Name::Heuristic),
        "greedy" => Ok(Name::Greedy),
        _ => Err(InvalidArgumentError::new_err(format!(
            "unknown policy {name:?}; allowed: {NAMES}"
        ))),
    }
}

/// Reads `policy=`: types (`ArgumentTypeError`) and names (`InvalidArgumentError`).
pub fn extract_policy_spec(obj: Option<&Bound<'_, PyAny>>) -> PyResult<PolicySpec> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(PolicySpec::Default);
    };
    if obj.is_instance_of::<PyString>() {
        return Ok(PolicySpec::Uniform(one_name(obj)?));
    }
    let items: Vec<Bound<'_, PyAny>> = obj
        .try_iter()
        .map_err(|_| {
            type_error(format!(
                "policy must be a str or a sequence of str, got {}",
                type_name(obj)
            ))
        })?
        .collect::<PyResult<_>>()?;
    Ok(PolicySpec::PerSeat(
        items.iter().map(one_name).collect::<PyResult<_>>()?,
    ))
}

impl PolicySpec {
    /// One name per seat of a `players`-seat game, `default` where none was given.
    fn seats(&self, players: u8, default: Name, game: &str) -> PyResult<Vec<Name>> {
        let n = usize::from(players);
        match self {
            PolicySpec::Default => Ok(vec![default; n]),
            PolicySpec::Uniform(p) => Ok(vec![*p; n]),
            PolicySpec::PerSeat(v) if v.len() == n => Ok(v.clone()),
            PolicySpec::PerSeat(v) => Err(InvalidArgumentError::new_err(format!(
                "policy names {} seats but a {game} hand here has {players} players; give one \
                 name, or one name per seat",
                v.len()
            ))),
        }
    }

    /// The Hearts and Spades policies (`random` by default).
    pub fn trick_table(&self, players: u8, game: &str) -> PyResult<TablePolicy> {
        let mut out = [Policy::Random; MAX_PLAYERS];
        for (slot, name) in out.iter_mut().zip(self.seats(players, Name::Random, game)?) {
            *slot = match name {
                Name::Random => Policy::Random,
                Name::Heuristic => Policy::Heuristic,
                Name::Greedy => {
                    return Err(InvalidArgumentError::new_err(format!(
                        "policy \"greedy\" is a rummy policy; {game} policies: \"random\", \
                         \"heuristic\""
                    )))
                }
            };
        }
        Ok(TablePolicy(out))
    }

    /// The rummy policies (`greedy` by default).
    pub fn rummy(&self, players: u8) -> PyResult<Vec<RummyPolicy>> {
        self.seats(players, Name::Greedy, "rummy")?
            .into_iter()
            .map(|name| match name {
                Name::Random => Ok(RummyPolicy::Random),
                Name::Greedy => Ok(RummyPolicy::Greedy),
                Name::Heuristic => Err(InvalidArgumentError::new_err(
                    "policy \"heuristic\" is a Hearts and Spades policy; rummy policies: \
                     \"random\", \"greedy\"",
                )),
            })
            .collect()
    }
}

/// The Hearts or Spades `policy=` of a batch.
pub fn extract_policy(
    obj: Option<&Bound<'_, PyAny>>,
    players: u8,
    game: &str,
) -> PyResult<TablePolicy> {
    extract_policy_spec(obj)?.trick_table(players, game)
}

pub fn extract_count(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    let n = extract_int(obj, what)?;
    if !(0..=MAX_COUNT).contains(&n) {
        return Err(InvalidArgumentError::new_err(format!(
            "{what} must be 0..={MAX_COUNT}, got {n}"
        )));
    }
    Ok(n as usize)
}

/// `stream=`: None (False) or a bool.
pub fn extract_stream(obj: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    obj.filter(|s| !s.is_none())
        .map(|s| crate::convert::extract_bool(s, "stream"))
        .transpose()
        .map(Option::unwrap_or_default)
}

/// Hands after which a batch game that has not ended is stopped (random bids can keep a
/// Spades game without `lose_score` going for ever); `hand_limit=` changes it.
pub const DEFAULT_HAND_LIMIT: usize = 1000;
const MAX_HAND_LIMIT: usize = 1_000_000;

/// `hand_limit=`: None (the default, 1000) or an int 1..=1,000,000.
pub fn extract_hand_limit(obj: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(h) = obj.filter(|h| !h.is_none()) else {
        return Ok(DEFAULT_HAND_LIMIT);
    };
    let x = extract_int(h, "hand_limit")?;
    if !(1..=MAX_HAND_LIMIT as i128).contains(&x) {
        return Err(InvalidArgumentError::new_err(format!(
            "hand_limit must be 1..={MAX_HAND_LIMIT}, got {x}"
        )));
    }
    Ok(x as usize)
}

pub fn extract_threads(obj: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(std::thread::available_parallelism().map_or(1, std::num::NonZero::get)),
        Some(o) => {
            let t = extract_int(o, "threads")?;
            if !(1..=1024).contains(&t) {
                return Err(InvalidArgumentError::new_err(format!(
                    "threads must be 1..=1024 or None (all cores), got {t}"
                )));
            }
            Ok(t as usize)
        }
    }
}

/// Caller deck orders: a 2-D integer numpy array with 52 columns, each row a permutation.
fn extract_deals(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let arr = extract_deck_orders(obj, 51)?;
    check_deals(&arr).map_err(InvalidDealError::new_err)?;
    Ok(arr)
}

/// Caller deck orders for `deals=` (Hearts and Spades): a 2-D integer numpy array with 52
/// columns and ids in `0..=max_id` (`ArgumentTypeError` for another type, `InvalidDealError`
/// for another shape or an id out of range), flattened row by row.
pub fn extract_deck_orders(obj: &Bound<'_, PyAny>, max_id: u8) -> PyResult<Vec<u8>> {
    let bad = |what: String| InvalidDealError::new_err(what);
    let arr = if let Ok(a) = obj.extract::<PyReadonlyArray2<'_, u8>>() {
        a.as_array().iter().copied().collect::<Vec<u8>>()
    } else if let Ok(a) = obj.extract::<PyReadonlyArray2<'_, i64>>() {
        a.as_array()
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(255))
            .collect()
    } else if let Ok(a) = obj.extract::<PyReadonlyArray2<'_, i32>>() {
        a.as_array()
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(255))
            .collect()
    } else if let Ok(a) = obj.extract::<PyReadonlyArray2<'_, u16>>() {
        a.as_array()
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(255))
            .collect()
    } else {
        let shape = obj
            .getattr("shape")
            .and_then(|s| s.repr())
            .map_or_else(|_| "no shape".to_string(), |s| s.to_string());
        let dtype = obj
            .getattr("dtype")
            .and_then(|d| d.str())
            .map_or_else(|_| type_name(obj), |d| d.to_string());
        return Err(type_error(format!(
            "deals must be a 2-D numpy array of uint8, uint16, int32 or int64 with 52 columns, got {dtype} with shape {shape}"
        )));
    };
    let cols = obj.getattr("shape")?.get_item(1)?.extract::<usize>()?;
    if cols != 52 {
        return Err(bad(format!(
            "deals must have 52 columns (one deck order per row), got {cols}"
        )));
    }
    if let Some((k, &c)) = arr.iter().enumerate().find(|&(_, &c)| c > max_id) {
        let shown = if c == 255 {
            "an id out of range".to_string()
        } else {
            format!("{c}")
        };
        return Err(bad(format!(
            "deals[{}] holds {shown}; card ids are 0..{max_id}",
            k / 52
        )));
    }
    Ok(arr)
}

/// The optional progress callback: None, or a callable(done, total).
pub fn extract_progress<'a, 'py>(
    progress: Option<&'a Bound<'py, PyAny>>,
) -> PyResult<Option<&'a Bound<'py, PyAny>>> {
    let progress = progress.filter(|p| !p.is_none());
    if let Some(cb) = progress {
        if !cb.is_callable() {
            return Err(type_error(format!(
                "progress must be callable(done, total), got {}",
                type_name(cb)
            )));
        }
    }
    Ok(progress)
}

/// The means of columns of engine statistics.
pub fn means(columns: &[Moments]) -> Vec<f64> {
    columns.iter().map(Moments::mean).collect()
}

/// The population variances of columns of engine statistics.
pub fn variances(columns: &[Moments]) -> Vec<f64> {
    columns.iter().map(Moments::variance).collect()
}

/// Calls the progress callback, if any, with (done, total).
pub fn report(progress: Option<&Bound<'_, PyAny>>, done: usize, total: usize) -> PyResult<()> {
    if let Some(cb) = progress {
        cb.call1((done, total))?;
    }
    Ok(())
}

/// The one batch loop of every `simulate_*`: `work(start, end)` on consecutive chunks of
/// `0..n` with the GIL released inside `pool`, then `merge` of its result with the GIL held,
/// a Ctrl-C check and a progress report between chunks.
pub fn run_chunks<R: Send>(
    py: Python<'_>,
    pool: &Pool,
    n: usize,
    chunk: usize,
    progress: Option<&Bound<'_, PyAny>>,
    mut work: impl FnMut(usize, usize) -> R + Send,
    mut merge: impl FnMut(R),
) -> PyResult<()> {
    let mut done = 0;
    while done < n {
        let end = (done + chunk).min(n);
        let part = py.detach(|| pool.install(|| work(done, end)));
        merge(part);
        done = end;
        py.check_signals()?;
        report(progress, done, n)?;
    }
    Ok(())
}

/// Items `0..n` of `job` in one set of columns, filled chunk by chunk ([`run_chunks`]) in
/// blocks of `block`.
pub fn run_job<J: Job>(
    py: Python<'_>,
    pool: &Pool,
    job: &J,
    n: usize,
    chunk: usize,
    block: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<J::Out> {
    let mut out = job.out(n);
    run_chunks(
        py,
        pool,
        n,
        chunk,
        progress,
        |s, e| batch::fill(job, out.chunk(0, s, e), block),
        |()| {},
    )?;
    Ok(out)
}

/// The statistics of items `0..n` of `job`, streamed chunk by chunk ([`run_chunks`]) in
/// blocks of `block`.
pub fn run_stream_job<J: StreamJob>(
    py: Python<'_>,
    pool: &Pool,
    job: &J,
    n: usize,
    chunk: usize,
    block: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<J::Stats> {
    let mut total = job.stats();
    run_chunks(
        py,
        pool,
        n,
        chunk,
        progress,
        |s, e| batch::stream(job, s as u64, (e - s) as u64, block as u64),
        |part| total.merge(&part),
    )?;
    Ok(total)
}

#[pyfunction]
#[pyo3(signature = (rules, *, hands = None, games = None, seed = None, policy = None, threads = None, deals = None, stream = None, progress = None))]
pub fn simulate_hearts<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    hands: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    policy: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    deals: Option<&Bound<'py, PyAny>>,
    stream: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let r = extract_rules(rules)?;
    let stream = extract_stream(stream)?;
    let seed = seed.map(extract_seed).transpose()?.unwrap_or(0);
    let table = extract_policy(policy, r.players, "Hearts")?;
    let threads = extract_threads(threads)?;
    let progress = extract_progress(progress)?;
    let hands = hands
        .filter(|h| !h.is_none())
        .map(|h| extract_count(h, "hands"))
        .transpose()?;
    let games = games
        .filter(|g| !g.is_none())
        .map(|g| extract_count(g, "games"))
        .transpose()?;
    let deals = deals
        .filter(|d| !d.is_none())
        .map(extract_deals)
        .transpose()?;
    match (hands, games) {
        (Some(_), Some(_)) => Err(InvalidArgumentError::new_err(
            "give either hands= or games=, not both",
        )),
        (None, Some(g)) => {
            if deals.is_some() || stream {
                return Err(InvalidArgumentError::new_err(
                    "deals= and stream=True work with hands=, not games=",
                ));
            }
            run_games(py, &r, seed, table, threads, g, progress)
        }
        (h, None) => {
            let n = match (h, &deals) {
                (Some(n), Some(d)) if n != d.len() / 52 => {
                    return Err(InvalidArgumentError::new_err(format!(
                        "hands={n} but deals has {} rows; omit hands= or make them agree",
                        d.len() / 52
                    )))
                }
                (Some(n), _) => n,
                (None, Some(d)) => d.len() / 52,
                (None, None) => {
                    return Err(InvalidArgumentError::new_err(
                        "give hands= (a number of hands) or games=",
                    ))
                }
            };
            let b = Batch {
                rules: r,
                seed,
                policy: table,
                deals: deals.as_deref(),
            };
            if stream {
                run_stream(py, &b, threads, n, progress)
            } else {
                run_hands(py, &b, threads, n, progress)
            }
        }
    }
}

fn run_hands<'py>(
    py: Python<'py>,
    b: &Batch<'_>,
    threads: usize,
    n: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let p = usize::from(b.rules.players);
    let pool = Pool::new(threads).map_err(|e| InvalidArgumentError::new_err(e.0))?;
    let out = run_job(py, &pool, b, n, HANDS_PER_CHUNK, BLOCK, progress)?;
    let d = PyDict::new(py);
    d.set_item("points", out.points.into_pyarray(py).reshape([n, p])?)?;
    // int32 as in every game (docs/protocol.md); the engine stores Hearts scores as i16.
    let scores: Vec<i32> = out.hand_scores.iter().map(|&x| i32::from(x)).collect();
    drop(out.hand_scores);
    d.set_item("hand_scores", scores.into_pyarray(py).reshape([n, p])?)?;
    d.set_item("tricks", out.tricks.into_pyarray(py).reshape([n, p])?)?;
    d.set_item("moon_shooter", out.moon_shooter.into_pyarray(py))?;
    d.set_item("queen_taker", out.queen_taker.into_pyarray(py))?;
    Ok(d)
}

fn run_stream<'py>(
    py: Python<'py>,
    b: &Batch<'_>,
    threads: usize,
    n: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let pool = Pool::new(threads).map_err(|e| InvalidArgumentError::new_err(e.0))?;
    let total = run_stream_job(py, &pool, b, n, HANDS_PER_CHUNK, BLOCK, progress)?;
    stats_dict(py, &total)
}

fn stats_dict<'py>(py: Python<'py>, st: &HandStats) -> PyResult<Bound<'py, PyDict>> {
    let p = st.players;
    let d = PyDict::new(py);
    d.set_item("hands", st.hands)?;
    d.set_item("mean_points", means(&st.points).into_pyarray(py))?;
    d.set_item("var_points", variances(&st.points).into_pyarray(py))?;
    d.set_item("mean_hand_scores", means(&st.scores).into_pyarray(py))?;
    d.set_item("var_hand_scores", variances(&st.scores).into_pyarray(py))?;
    d.set_item("mean_tricks", means(&st.tricks).into_pyarray(py))?;
    d.set_item("moons", st.moons.clone().into_pyarray(py))?;
    d.set_item("queens", st.queens.clone().into_pyarray(py))?;
    d.set_item(
        "points_hist",
        st.points_hist
            .clone()
            .into_pyarray(py)
            .reshape([p, st.v + 1])?,
    )?;
    Ok(d)
}

fn run_games<'py>(
    py: Python<'py>,
    r: &HeartsRules,
    seed: u64,
    table: TablePolicy,
    threads: usize,
    n: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let b = Batch {
        rules: *r,
        seed,
        policy: table,
        deals: None,
    };
    let p = usize::from(r.players);
    let pool = Pool::new(threads).map_err(|e| InvalidArgumentError::new_err(e.0))?;
    let GamesOut {
        totals,
        winners,
        hands_played,
        pot,
        ..
    } = run_job(
        py,
        &pool,
        &Games(&b),
        n,
        GAMES_PER_CHUNK,
        GAME_BLOCK,
        progress,
    )?;
    let d = PyDict::new(py);
    if r.scoring == hearts_engine::hearts::Scoring::Chips {
        #[allow(clippy::cast_precision_loss)]
        let chips: Vec<f64> = totals
            .iter()
            .map(|&t| t as f64 / hearts_engine::hearts::CHIP_UNIT as f64)
            .collect();
        d.set_item("totals", chips.into_pyarray(py).reshape([n, p])?)?;
        d.set_item("chips_sixtieths", totals.into_pyarray(py).reshape([n, p])?)?;
        #[allow(clippy::cast_precision_loss)]
        let pot_chips: Vec<f64> = pot
            .iter()
            .map(|&t| t as f64 / hearts_engine::hearts::CHIP_UNIT as f64)
            .collect();
        d.set_item("pot", pot_chips.into_pyarray(py))?;
    } else {
        d.set_item("totals", totals.into_pyarray(py).reshape([n, p])?)?;
    }
    d.set_item("winners", winners.into_pyarray(py).reshape([n, p])?)?;
    d.set_item("hands_played", hands_played.into_pyarray(py))?;
    // Every Hearts game is played to its end rule: there is no hand limit.
    d.set_item("finished", vec![true; n].into_pyarray(py))?;
    Ok(d)
}

/// In-engine policies, one per seat, with the random stream of one batch hand: stepping a
/// `from_batch(rules, seed, index)` state of any game with `Policy(policy, seed=seed,
/// index=index)` makes exactly the choices the game's `simulate_*` makes for that hand.
#[pyclass(name = "Policy", module = "hearts_fast._core")]
pub struct PyPolicy {
    spec: PolicySpec,
    rng: Rng,
}

/// The most seats of any game (Hearts: 3..=7, Spades: 4, rummy: 2..=6).
const MIN_SEATS: usize = 2;

#[pymethods]
impl PyPolicy {
    #[new]
    #[pyo3(signature = (policy = None, *, seed = None, index = None))]
    fn new(
        policy: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        index: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let spec = extract_policy_spec(policy)?;
        let seed = crate::convert::opt_seed(seed)?;
        let index = crate::convert::opt_index(index, "index")?;
        if let PolicySpec::PerSeat(v) = &spec {
            if !(MIN_SEATS..=MAX_PLAYERS).contains(&v.len()) {
                return Err(InvalidArgumentError::new_err(format!(
                    "policy lists one name per seat ({MIN_SEATS}..={MAX_PLAYERS} seats), got {}",
                    v.len()
                )));
            }
        }
        Ok(PyPolicy {
            spec,
            rng: policy_rng(seed, index),
        })
    }

    /// Makes the next move on `state` (a Hearts pass for the lowest pending seat or a play,
    /// a Spades bid or play, a rummy action); returns False when the hand is over.
    fn act(&mut self, state: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(sp) = state.cast::<crate::spades::PySpadesState>() {
            let table = self.spec.trick_table(4, "Spades")?;
            let seats = crate::spades::spades_policies(&table.0[..4]);
            return Ok(crate::spades::policy_step(
                &mut sp.borrow_mut(),
                &seats,
                &mut self.rng,
            ));
        }
        if let Ok(rs) = state.cast::<crate::rummy::PyRummyState>() {
            let mut rs = rs.borrow_mut();
            let policies = self.spec.rummy(rs.0.rules().players)?;
            let Some(p) = rs.0.current_player() else {
                return Ok(false);
            };
            let a = policy_action(policies[usize::from(p)], &rs.0, &mut self.rng);
            rs.0.apply_unchecked(&a);
            return Ok(true);
        }
        let state = state.cast::<PyHeartsState>().map_err(|_| {
            type_error(format!(
                "state must be a HeartsState, SpadesState or RummyState, got {}",
                type_name(state)
            ))
        })?;
        let mut st = state.borrow_mut();
        let table = self.spec.trick_table(st.state.num_players(), "Hearts")?;
        let Some(action) = table.choose(&st.state, &mut self.rng) else {
            return Ok(false);
        };
        st.apply_action(action)?;
        Ok(true)
    }

    /// Plays `state` to the end of the hand.
    fn play_out(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        while self.act(state)? {}
        Ok(())
    }

    fn __repr__(&self) -> String {
        match &self.spec {
            PolicySpec::Default => "Policy()".to_string(),
            PolicySpec::Uniform(p) => format!("Policy('{}')", p.text()),
            PolicySpec::PerSeat(v) => {
                let names: Vec<String> = v.iter().map(|p| format!("'{}'", p.text())).collect();
                format!("Policy([{}])", names.join(", "))
            }
        }
    }
}

/// `HeartsState.from_batch`: the initial state of hand `index` of a batch.
pub fn batch_state(rules: &HeartsRules, seed: u64, index: u64) -> PyHeartsState {
    let b = Batch {
        rules: *rules,
        seed,
        policy: TablePolicy::uniform(Policy::Random),
        deals: None,
    };
    let s = batch_hand(&b, index);
    PyHeartsState::from_log(HandLog::new(s), s)
}
