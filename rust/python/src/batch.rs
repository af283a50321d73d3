//! The one path of every `simulate_*`: its arguments, read in one order with one helper
//! each; the choice of mode (hands, statistics of a stream of hands, or whole games); the
//! one chunk loop (the GIL released inside each chunk, a Ctrl-C check and a progress report
//! between chunks); and numpy results moved out of Rust. A game says what differs through
//! [`Simulate`].

use crate::convert::{extract_int, given, opt_bool, opt_index, opt_seed, type_name};
use crate::errors::{too_large, type_error, InvalidArgumentError, InvalidDealError};
use crate::policy::PolicySpec;
use crate::rules::RulesArg;
use hearts_engine::batch::{
    self, Columns, Games, Job, Moments, PlayGames, Pool, Stats, Stop, StreamJob, TooLarge,
};
use numpy::{Element, IntoPyArray, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Largest batch accepted in one call.
const MAX_COUNT: i128 = 1 << 40;
/// Hands after which a batch game that has not ended is stopped (random bids can keep a
/// Spades game without `lose_score` going for ever); `hand_limit=` changes it.
const DEFAULT_HAND_LIMIT: usize = 1000;
const MAX_HAND_LIMIT: i128 = 1_000_000;

/// A `simulate_*` result: a dict of numpy arrays and numbers.
pub type Dict<'py> = PyResult<Bound<'py, PyDict>>;

/// The keyword options of a `simulate_*` call (absent ones are `None`).
#[derive(Default)]
pub struct SimArgs<'a, 'py> {
    pub hands: Option<&'a Bound<'py, PyAny>>,
    pub games: Option<&'a Bound<'py, PyAny>>,
    pub seed: Option<&'a Bound<'py, PyAny>>,
    pub policy: Option<&'a Bound<'py, PyAny>>,
    pub threads: Option<&'a Bound<'py, PyAny>>,
    pub deals: Option<&'a Bound<'py, PyAny>>,
    pub stream: Option<&'a Bound<'py, PyAny>>,
    pub progress: Option<&'a Bound<'py, PyAny>>,
    pub hand_limit: Option<&'a Bound<'py, PyAny>>,
    pub start: Option<&'a Bound<'py, PyAny>>,
}

/// What a game's batch reads and returns.
pub trait Simulate {
    /// The engine rules.
    type Rules: RulesArg + Sync;
    /// The policies of every seat.
    type Policies: Sync;
    /// Caller deals, ready for the engine.
    type Deals: Sync;
    /// The engine batch of a run (its rules, seed, policies, deals): the job of every mode.
    type Batch<'a>: PlayGames
    where
        Self: 'a;
    /// Games per GIL round trip, and per work item.
    const GAMES: (usize, usize);

    fn batch<'a>(run: &'a Run<'_, '_, Self>) -> Self::Batch<'a>;
    fn policies(spec: &PolicySpec, rules: &Self::Rules) -> PyResult<Self::Policies>;
    /// `deals=` and its number of rows, row `k` being hand `start + k`. A game without
    /// caller deals (rummy) keeps this default: its `simulate_*` has no `deals=`, so no call
    /// gets here.
    fn deals(
        _rules: &Self::Rules,
        _obj: &Bound<'_, PyAny>,
        _start: u64,
    ) -> PyResult<(Self::Deals, usize)> {
        Err(InvalidArgumentError::new_err("this game takes no deals="))
    }
    /// Hands `start..start + n` (`run.start`), one row each.
    fn hands<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py>;
    /// Statistics of hands `start..start + n`, in constant memory.
    fn stream<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py>;
    /// Games `start..start + n`, each stopped after `hand_limit` hands if it has not ended: the
    /// games-mode dict every game has (a game with more to say adds to it).
    fn games<'py>(run: &Run<'_, 'py, Self>, n: usize, hand_limit: usize) -> Dict<'py> {
        run.games(&Self::batch(run), (n, hand_limit), Self::GAMES)
    }
}

/// How often a waiting call looks for Ctrl-C.
const POLL: std::time::Duration = std::time::Duration::from_millis(10);

/// The thread pool of `threads` workers, made once and kept: a pool per worker count, at most
/// the machine's logical CPUs (more threads never speed up this work, and results never
/// depend on the count).
pub fn pool(threads: usize) -> PyResult<Arc<Pool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<Pool>>>> = OnceLock::new();
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let threads = threads.clamp(1, cores);
    let mut pools = POOLS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(p) = pools.get(&threads) {
        return Ok(Arc::clone(p));
    }
    let p = Arc::new(Pool::new(threads).map_err(|e| InvalidArgumentError::new_err(e.to_string()))?);
    pools.insert(threads, Arc::clone(&p));
    Ok(p)
}

/// `work(stop)` run on a worker thread while the calling thread waits with the GIL released,
/// checking for Ctrl-C every [`POLL`]: on a signal it asks the work to stop (the engine checks
/// `stop` between blocks and within long games, hands and solves), waits for it and raises
/// the signal's exception (KeyboardInterrupt). A panic of the work resumes in the caller.
pub fn detached<R: Send>(py: Python<'_>, work: impl FnOnce(&Stop) -> R + Send) -> PyResult<R> {
    let stop = Stop::new();
    // Set once the work is done: the worker may not have finished its exit yet, and the
    // caller must not park again after the wake-up meant for it.
    let done = AtomicBool::new(false);
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let (stop, done) = (&stop, &done);
        let worker = scope.spawn(move || {
            let out = work(stop);
            done.store(true, Ordering::Release);
            caller.unpark();
            out
        });
        // A panicking worker never sets `done`, but finishes.
        while !done.load(Ordering::Acquire) && !worker.is_finished() {
            py.detach(|| std::thread::park_timeout(POLL));
            if let Err(e) = py.check_signals() {
                stop.request();
                // The work may first wait for a lock held by another thread's work.
                let _ = py.detach(move || worker.join());
                return Err(e);
            }
        }
        Ok(worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// `work(interrupted)` run on the calling thread with the GIL released, for short work that
/// a worker thread's start would dominate: `interrupted()`, which the work calls often,
/// takes the GIL back every [`POLL`] to check for Ctrl-C (signals are only seen on the
/// main thread, which is where a Python program's Ctrl-C lands), and once it has seen one
/// answers true until the work returns; then the signal's exception is raised.
pub fn inline<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> bool) -> R + Send,
) -> PyResult<R> {
    let mut signal: Option<PyErr> = None;
    let out = py.detach(|| {
        let mut last = std::time::Instant::now();
        let mut interrupted = || {
            if signal.is_none() && last.elapsed() >= POLL {
                last = std::time::Instant::now();
                #[allow(clippy::redundant_closure_for_method_calls)] // a path is not general enough
                let checked = Python::attach(|py| py.check_signals());
                signal = checked.err();
            }
            signal.is_some()
        };
        work(&mut interrupted)
    });
    match signal {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The machine's physical memory in bytes, where the platform says (`os.sysconf`): a result
/// larger than that cannot be held, though an over-committing allocator would hand it out.
fn physical_memory(py: Python<'_>) -> Option<u64> {
    let os = py.import("os").ok()?;
    let sysconf = |name: &str| {
        os.call_method1("sysconf", (name,))
            .ok()?
            .extract::<u64>()
            .ok()
    };
    Some(sysconf("SC_PHYS_PAGES")?.saturating_mul(sysconf("SC_PAGE_SIZE")?))
}

/// A `simulate_*` call ready to run.
pub struct Run<'a, 'py, G: Simulate + ?Sized> {
    pub py: Python<'py>,
    pub rules: G::Rules,
    pub seed: u64,
    /// The batch index of the first row (`start=`).
    pub start: u64,
    pub policies: G::Policies,
    pub deals: Option<G::Deals>,
    pool: Arc<Pool>,
    progress: Option<&'a Bound<'py, PyAny>>,
}

impl<'py, G: Simulate + ?Sized> Run<'_, 'py, G> {
    /// The one batch loop: `work(from, to, stop)` on consecutive chunks of the rows `0..n`
    /// (items `start + from..start + to` of the batch) in the pool, each [`detached`], then `merge` of its result with the GIL held and a progress
    /// report between chunks.
    fn chunks<R: Send>(
        &self,
        n: usize,
        chunk: usize,
        mut work: impl FnMut(usize, usize, &Stop) -> R + Send,
        mut merge: impl FnMut(R),
    ) -> PyResult<()> {
        let (py, pool) = (self.py, &*self.pool);
        let mut done = 0;
        while done < n {
            let end = (done + chunk).min(n);
            let part = detached(py, |stop| pool.install(|| work(done, end, stop)))?;
            merge(part);
            done = end;
            py.check_signals()?;
            if let Some(cb) = self.progress {
                cb.call1((done, n))?;
            }
        }
        Ok(())
    }

    /// Items `start..start + n` of the engine batch `job` in one set of columns, filled
    /// chunk by chunk in blocks of `block`.
    pub fn fill<J: Job>(&self, job: &J, n: usize, chunk: usize, block: usize) -> PyResult<J::Out> {
        let bytes = J::Out::bytes(n, job.players());
        let fits = bytes.is_some_and(|b| physical_memory(self.py).map_or(true, |m| b as u64 <= m));
        if !fits {
            return Err(too_large(TooLarge { rows: n, bytes }));
        }
        let mut out = job.try_out(n).map_err(too_large)?;
        let start = self.start;
        let work = |s, e, stop: &Stop| batch::fill(job, out.chunk(start, s, e), block, stop);
        self.chunks(n, chunk, work, |()| {})?;
        Ok(out)
    }

    /// Games `start..start + n` of `batch`, each stopped after `hand_limit` hands if it has not ended, as
    /// the games-mode dict, filled in chunks of `chunk` games and blocks of `block`.
    pub fn games<B: PlayGames>(
        &self,
        batch: &B,
        (n, hand_limit): (usize, usize),
        (chunk, block): (usize, usize),
    ) -> Dict<'py> {
        let out = self.fill(&Games { batch, hand_limit }, n, chunk, block)?;
        let sides = out.players;
        Ok(games_dict!(self.py, out, n, sides))
    }

    /// The statistics of items `start..start + n` of the engine batch `job`, streamed chunk
    /// by chunk in blocks of `block`, and the stream dict with what every game's holds: the
    /// mean and variance of the hand scores, with their exact sums ([`put_moments`]).
    pub fn stream<J: StreamJob>(
        &self,
        job: &J,
        n: usize,
        chunk: usize,
        block: usize,
    ) -> PyResult<(Bound<'py, PyDict>, J::Stats)> {
        let mut total = job.stats();
        let mut refused = None;
        let start = self.start;
        let work = |s: usize, e: usize, stop: &Stop| {
            batch::stream(job, start + s as u64, (e - s) as u64, block as u64, stop)
        };
        self.chunks(n, chunk, work, |part| match part {
            Ok(part) => total.merge(&part),
            Err(e) => refused = Some(e),
        })?;
        if let Some(e) = refused {
            return Err(too_large(e));
        }
        let d = PyDict::new(self.py);
        put_moments(&d, "hand_scores", total.hand_scores(), true)?;
        Ok((d, total))
    }
}

/// A dict of the games-mode columns every game has (docs/protocol.md, Batch) from an engine
/// games output `$out` of `$n` games: `totals` and `winners` with `$cols` columns,
/// `hands_played`, and `finished` (the expression `$finished`, or the output's own column).
macro_rules! games_dict {
    ($py:expr, $out:expr, $n:expr, $cols:expr $(, finished: $finished:expr)?) => {{
        let out = $out;
        let d = pyo3::types::PyDict::new($py);
        $crate::batch::put(&d, "totals", out.totals, &[$n, $cols])?;
        $crate::batch::put(&d, "winners", out.winners, &[$n, $cols])?;
        $crate::batch::put(&d, "hands_played", out.hands_played, &[$n])?;
        $crate::batch::put(&d, "finished", $crate::batch::games_dict!(@finished out $($finished)?), &[$n])?;
        d
    }};
    (@finished $out:ident $finished:expr) => { $finished };
    (@finished $out:ident) => { $out.finished };
}

pub(crate) use games_dict;

/// Sets `d[key]` to `data` as a numpy array of shape `shape`, moved out of Rust.
pub fn put<T: Element>(
    d: &Bound<'_, PyDict>,
    key: &str,
    data: Vec<T>,
    shape: &[usize],
) -> PyResult<()> {
    d.set_item(key, data.into_pyarray(d.py()).reshape(shape)?)
}

/// `mean_<key>` (and `var_<key>` when `var`): per-column statistics computed by the engine;
/// and the exact integers they come from, `sum_<key>` and `sumsq_<key>` (lists of Python
/// ints, which never wrap), so that the statistics of parts of a batch merge exactly
/// (`hearts_fast.merge`).
pub fn put_moments(d: &Bound<'_, PyDict>, key: &str, cols: &[Moments], var: bool) -> PyResult<()> {
    let means: Vec<f64> = cols.iter().map(Moments::mean).collect();
    put(d, &format!("mean_{key}"), means, &[cols.len()])?;
    if var {
        let vars: Vec<f64> = cols.iter().map(Moments::variance).collect();
        put(d, &format!("var_{key}"), vars, &[cols.len()])?;
    }
    let sums: Vec<i128> = cols.iter().map(|m| m.sum).collect();
    let squares: Vec<i128> = cols.iter().map(|m| m.sum_sq).collect();
    d.set_item(format!("sum_{key}"), sums)?;
    d.set_item(format!("sumsq_{key}"), squares)?;
    Ok(())
}

/// The largest batch index plus one: `start + n` may not pass it.
const INDEX_END: u128 = 1 << 64;

/// `start=`: None (0) or an int `0..2**64-1`, the batch index of the first item.
pub fn extract_start(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    opt_index(obj, "start")
}

/// Refuses a range `start..start + n` that passes the last batch index, `2**64 - 1`; `what`
/// names the count (`hands`, `games`, `deals`, `n`).
pub fn check_range(start: u64, n: usize, what: &str) -> PyResult<()> {
    if u128::from(start) + n as u128 > INDEX_END {
        return Err(InvalidArgumentError::new_err(format!(
            "start + {what} must be at most 2**64 (the items are start..start+{what}-1 and \
             batch indices are 0..2**64-1), got start={start} and {what}={n}"
        )));
    }
    Ok(())
}

/// `hands=` or `games=`: None, or an int `0..=2**40`.
fn extract_count(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<usize>> {
    given(obj)
        .map(|o| {
            let n = extract_int(o, what)?;
            n.within(0..=MAX_COUNT, || {
                InvalidArgumentError::new_err(format!("{what} must be 0..={MAX_COUNT}, got {n}"))
            })
        })
        .transpose()
}

/// `hand_limit=`: None (the default, 1000) or an int 1..=1,000,000.
fn extract_hand_limit(obj: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(h) = given(obj) else {
        return Ok(DEFAULT_HAND_LIMIT);
    };
    let x = extract_int(h, "hand_limit")?;
    x.within(1..=MAX_HAND_LIMIT, || {
        InvalidArgumentError::new_err(format!("hand_limit must be 1..={MAX_HAND_LIMIT}, got {x}"))
    })
}

/// `threads=`: None (every core) or an int 1..=1024.
pub fn extract_threads(obj: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(o) = given(obj) else {
        return Ok(std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    };
    let t = extract_int(o, "threads")?;
    t.within(1..=1024, || {
        InvalidArgumentError::new_err(format!(
            "threads must be 1..=1024 or None (all cores), got {t}"
        ))
    })
}

/// `progress=`: None, or a callable(done, total).
fn extract_progress<'a, 'py>(
    obj: Option<&'a Bound<'py, PyAny>>,
) -> PyResult<Option<&'a Bound<'py, PyAny>>> {
    let progress = given(obj);
    if let Some(cb) = progress.filter(|cb| !cb.is_callable()) {
        return Err(type_error(format!(
            "progress must be callable(done, total), got {}",
            type_name(cb)
        )));
    }
    Ok(progress)
}

/// Caller deck orders (`deals=`): any integer array-like of shape `(N, 52)` (a numpy array of
/// any integer dtype, byte order or strides, or nested sequences of ints) with ids in
/// `0..=max_id`, flattened row by row. Another element type is `ArgumentTypeError`; another
/// shape or an id out of range `InvalidDealError`.
pub fn deck_orders(obj: &Bound<'_, PyAny>, max_id: u8) -> PyResult<Vec<u8>> {
    let refused = |what: String| {
        type_error(format!(
            "deals must be an (N, 52) array of integer card ids (a numpy array of any integer \
             dtype, or a sequence of sequences of ints), got {what}"
        ))
    };
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(refused(type_name(obj)));
    }
    let np = obj.py().import("numpy")?;
    let arr = np.call_method1("asarray", (obj,)).map_err(|_| {
        refused(format!(
            "{} that numpy cannot read as an array",
            type_name(obj)
        ))
    })?;
    let dtype = arr.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(refused(format!("an array of {}", dtype.str()?)));
    }
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    if shape.len() != 2 || shape[1] != 52 {
        return Err(InvalidDealError::new_err(format!(
            "deals must have shape (N, 52), one deck order per row, got {shape:?}"
        )));
    }
    // Every integer dtype as int64: an unsigned value past i64::MAX wraps to a negative one,
    // which the range check below refuses like any other id out of range.
    let wide = arr.call_method1("astype", ("int64",))?;
    let wide = wide.extract::<PyReadonlyArray2<'_, i64>>()?;
    let mut ids = Vec::with_capacity(shape[0] * 52);
    for (k, &v) in wide.as_array().iter().enumerate() {
        match u8::try_from(v) {
            Ok(c) if c <= max_id => ids.push(c),
            _ => {
                return Err(InvalidDealError::new_err(format!(
                    "deals[{}] holds {v}; card ids are 0..{max_id}",
                    k / 52
                )))
            }
        }
    }
    Ok(ids)
}

/// Runs a `simulate_*` call of game `G`.
pub fn simulate<'py, G: Simulate>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    a: &SimArgs<'_, 'py>,
) -> Dict<'py> {
    let rules = G::Rules::from_arg(rules)?;
    let stream = opt_bool(a.stream, "stream")?;
    let hand_limit = extract_hand_limit(a.hand_limit)?;
    let seed = opt_seed(a.seed)?;
    let policies = G::policies(&PolicySpec::extract(a.policy)?, &rules)?;
    let threads = extract_threads(a.threads)?;
    let progress = extract_progress(a.progress)?;
    let hands = extract_count(a.hands, "hands")?;
    let games = extract_count(a.games, "games")?;
    let start = extract_start(a.start)?;
    let (deals, rows) = match given(a.deals) {
        Some(d) => G::deals(&rules, d, start).map(|(d, rows)| (Some(d), Some(rows)))?,
        None => (None, None),
    };
    let pool = pool(threads)?;
    let run = Run {
        py,
        rules,
        seed,
        start,
        policies,
        deals,
        pool,
        progress,
    };
    let refuse = |msg: String| Err(InvalidArgumentError::new_err(msg));
    match (hands, games) {
        (Some(_), Some(_)) => refuse("give either hands= or games=, not both".into()),
        (None, Some(_)) if rows.is_some() => refuse("deals= works with hands=, not games=".into()),
        (None, Some(_)) if stream => refuse("stream=True works with hands=, not games=".into()),
        (None, Some(n)) => {
            check_range(start, n, "games")?;
            G::games(&run, n, hand_limit)
        }
        (h, None) => {
            let n = match (h, rows) {
                (Some(n), Some(r)) if n != r => {
                    return refuse(format!(
                        "hands={n} but deals has {r} rows; omit hands= or make them agree"
                    ))
                }
                (Some(n), _) | (None, Some(n)) => n,
                (None, None) => return refuse("give hands= (a number of hands) or games=".into()),
            };
            check_range(start, n, "hands")?;
            if stream {
                G::stream(&run, n)
            } else {
                G::hands(&run, n)
            }
        }
    }
}

/// Declares the `simulate_<game>` function of game `$game` with the keyword arguments
/// `$arg` (each None by default), all read by [`simulate`].
macro_rules! simulate_function {
    ($(#[$doc:meta])* $name:ident, $game:ty, ($($arg:ident),+)) => {
        $(#[$doc])*
        #[pyo3::pyfunction]
        #[pyo3(signature = (rules, *, $($arg = None),+))]
        pub fn $name<'py>(
            py: pyo3::Python<'py>,
            rules: &pyo3::Bound<'py, pyo3::PyAny>,
            $($arg: Option<&pyo3::Bound<'py, pyo3::PyAny>>),+
        ) -> $crate::batch::Dict<'py> {
            // Spades takes every option; Hearts and rummy leave one at its default.
            #[allow(clippy::needless_update)]
            let args = $crate::batch::SimArgs {
                $($arg,)+
                ..$crate::batch::SimArgs::default()
            };
            $crate::batch::simulate::<$game>(py, rules, &args)
        }
    };
}

pub(crate) use simulate_function;
