//! The batch framework every game's simulator runs on.
//!
//! A batch plays hands (or games) `start..start + n`; item `i` draws its deal from
//! `Rng::for_game(seed, i)` and its policies' choices from
//! [`policy_rng`](crate::policy_rng)`(seed, i)`, nothing else, so results are bit-identical
//! for any thread count and any split into blocks. This module holds what does not depend on
//! the game: the thread [`Pool`], the split into [`blocks`], and the parallel loops
//! ([`run_all`], [`map_all`]) that never lose a block's result, the column outputs
//! ([`columns!`](crate::columns)), and the drivers every game's batch modes share: a game
//! says how to fill a range of rows ([`Job`]) and how to sum them ([`Stats`]); [`simulate`],
//! [`fill`] and [`stream`] do the rest.

mod columns;
mod games;
mod stats;

#[doc(hidden)]
pub use columns::{first_len, try_column};
pub use columns::{split, Cell, Columns, Rows, TooLarge};
pub use games::{GameEnd, Games, GamesOut, GamesRows, PlayGames};
pub use stats::{add_by_seat, merge_by_seat, Moments};

/// One batch mode of one game: how to make its columns and fill a range of rows of them,
/// sequentially (the unit of work of one thread). Row `k` of a view holds item
/// `rows.start() + k` of the batch, which depends on that index alone.
pub trait Job: Sync {
    /// The columns of its results.
    type Out: Columns;

    /// The seats (or teams) of a row: the width of the per-seat columns.
    fn players(&self) -> usize;

    /// Storage for `n` rows, or [`TooLarge`] (a caller-sized result).
    fn try_out(&self, n: usize) -> Result<Self::Out, TooLarge> {
        Self::Out::try_new(n, self.players())
    }

    /// Fills every row of `rows`, or stops early once `stop` is requested (the rows are then
    /// partly filled, and the caller discards them). A row that can take long (a whole game,
    /// a hand of many turns) checks `stop` as it goes.
    fn fill(&self, rows: &mut <Self::Out as Columns>::Rows<'_>, stop: &Stop);
}

/// A request to stop a batch early, made from another thread (a Ctrl-C seen by the caller):
/// the drivers check it between blocks, and a [`Job`] within a long row.
///
/// ```
/// let stop = hearts_engine::batch::Stop::new();
/// assert!(!stop.requested());
/// stop.request();
/// assert!(stop.requested());
/// ```
#[derive(Debug, Default)]
pub struct Stop(std::sync::atomic::AtomicBool);

impl Stop {
    /// Not requested.
    pub const fn new() -> Stop {
        Stop(std::sync::atomic::AtomicBool::new(false))
    }

    /// Asks every worker to stop.
    pub fn request(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[inline]
    pub fn requested(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Constant-memory statistics of a [`Job`]'s rows, with exact accumulators: merging the parts
/// of any split gives the same result.
pub trait Stats<O>: Send {
    /// Adds every row of `out`.
    fn add(&mut self, out: &O);

    /// Adds another part.
    fn merge(&mut self, other: &Self);

    /// The hand score of every seat (or team), the one statistic every game streams.
    fn hand_scores(&self) -> &[Moments];
}

/// A [`Job`] whose rows can be summed in constant memory ([`stream`]).
pub trait StreamJob: Job {
    /// Its statistics.
    type Stats: Stats<Self::Out>;

    /// Empty statistics.
    fn stats(&self) -> Self::Stats;
}

/// Fills `rows` over the current pool, in blocks of `block` rows; once `stop` is requested the
/// blocks not yet begun are left as they are.
pub fn fill<J: Job>(job: &J, rows: <J::Out as Columns>::Rows<'_>, block: usize, stop: &Stop) {
    run_all(split(rows, block), |mut r| {
        if !stop.requested() {
            job.fill(&mut r, stop);
        }
    });
}

/// Items `start..start + n` of `job`, filled over the current pool in blocks of `block`, or
/// [`TooLarge`] when their columns cannot be allocated.
pub fn simulate<J: Job>(job: &J, start: u64, n: usize, block: usize) -> Result<J::Out, TooLarge> {
    let mut out = job.try_out(n)?;
    fill(job, out.rows(start), block, &Stop::new());
    Ok(out)
}

/// The statistics of items `start..start + n` of `job`, in blocks of `block` (constant memory
/// per block), merged in block order; [`TooLarge`] if a block's columns cannot be allocated.
/// Once `stop` is requested the statistics are incomplete (the caller discards them).
pub fn stream<J: StreamJob>(
    job: &J,
    start: u64,
    n: u64,
    block: u64,
    stop: &Stop,
) -> Result<J::Stats, TooLarge> {
    let parts = map_all(blocks(start, n, block), |(s0, len)| {
        let mut out = job.try_out(len as usize)?;
        if !stop.requested() {
            job.fill(&mut out.rows(s0), stop);
        }
        let mut st = job.stats();
        st.add(&out);
        Ok(st)
    });
    let mut total = job.stats();
    for st in parts {
        total.merge(&st?);
    }
    Ok(total)
}

/// A pool of worker threads for batches (a rayon pool with the `parallel` feature).
/// Results never depend on the thread count.
#[derive(Debug)]
pub struct Pool {
    #[cfg(feature = "parallel")]
    pool: rayon::ThreadPool,
}

/// Why a thread pool could not be started.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct PoolError(pub String);

impl Pool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> Result<Pool, PoolError> {
        #[cfg(feature = "parallel")]
        {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads.max(1))
                .build()
                .map_err(|e| PoolError(format!("could not start {threads} threads: {e}")))?;
            Ok(Pool { pool })
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = threads;
            Ok(Pool {})
        }
    }

    /// Runs `f` with this pool as the current one.
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        #[cfg(feature = "parallel")]
        {
            self.pool.install(f)
        }
        #[cfg(not(feature = "parallel"))]
        {
            f()
        }
    }
}

/// Runs `f` on every item of `work`, in parallel on the current pool where there is one.
#[cfg(feature = "parallel")]
pub fn run_all<T: Send>(work: Vec<T>, f: impl Fn(T) + Sync + Send) {
    use rayon::prelude::*;
    work.into_par_iter().for_each(f);
}

/// Runs `f` on every item of `work`, in parallel on the current pool where there is one.
#[cfg(not(feature = "parallel"))]
pub fn run_all<T: Send>(work: Vec<T>, f: impl Fn(T) + Sync + Send) {
    work.into_iter().for_each(f);
}

/// `f` of every item of `work`, in the order of `work`, computed in parallel on the current
/// pool where there is one. No lock: every result comes back, whatever the scheduling.
///
/// ```
/// let squares = hearts_engine::batch::map_all(vec![1u64, 2, 3], |x| x * x);
/// assert_eq!(squares, [1, 4, 9]);
/// ```
#[cfg(feature = "parallel")]
pub fn map_all<T: Send, R: Send>(work: Vec<T>, f: impl Fn(T) -> R + Sync + Send) -> Vec<R> {
    use rayon::prelude::*;
    work.into_par_iter().map(f).collect()
}

/// `f` of every item of `work`, in the order of `work`.
#[cfg(not(feature = "parallel"))]
pub fn map_all<T: Send, R: Send>(work: Vec<T>, f: impl Fn(T) -> R + Sync + Send) -> Vec<R> {
    work.into_iter().map(f).collect()
}

/// Items `start..start + n` split into blocks of `block` (the last may be shorter), as
/// `(first index, length)`.
///
/// ```
/// assert_eq!(hearts_engine::batch::blocks(10, 5, 2), [(10, 2), (12, 2), (14, 1)]);
/// ```
pub fn blocks(start: u64, n: u64, block: u64) -> Vec<(u64, u64)> {
    let block = block.max(1);
    (0..n.div_ceil(block))
        .map(|i| (start + i * block, block.min(n - i * block)))
        .collect()
}
