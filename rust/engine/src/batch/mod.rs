//! The batch framework every game's simulator runs on.
//!
//! A batch plays hands (or games) `start..start + n`; item `i` draws its deal from
//! `Rng::for_game(seed, i)` and its policies' choices from
//! [`policy_rng`](crate::policy_rng)`(seed, i)`, nothing else, so results are bit-identical
//! for any thread count and any split into blocks. This module holds what does not depend on
//! the game: the thread [`Pool`], the split into [`blocks`], and the parallel loops
//! ([`run_all`], [`map_all`]) that never lose a block's result.

mod stats;

pub use stats::Moments;

/// A pool of worker threads for batches (a rayon pool with the `parallel` feature).
/// Results never depend on the thread count.
#[derive(Debug)]
pub struct Pool {
    #[cfg(feature = "parallel")]
    pool: rayon::ThreadPool,
}

/// Why a thread pool could not be started.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PoolError(pub String);

impl std::fmt::Display for PoolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PoolError {}

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
