//! Shared by the speed examples: their command-line arguments.

/// Command-line argument `i` (1 = the first) read by `read`, or `default` when it is absent or
/// `read` does not accept it.
pub fn arg<T>(i: usize, read: impl Fn(&str) -> Option<T>, default: T) -> T {
    std::env::args()
        .nth(i)
        .and_then(|a| read(&a))
        .unwrap_or(default)
}

/// Command-line argument `i` as a number of hands, or `default`.
pub fn hands_arg(i: usize, default: usize) -> usize {
    arg(i, |s| s.parse().ok(), default)
}

/// Runs every batch of the example on one thread: with the `parallel` feature (on whenever
/// the workspace builds the Python extension too) the batch would otherwise spread over
/// every core, and the examples quote one-thread rates.
pub fn one_thread() {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global()
        .expect("the examples build the global thread pool once, before any batch");
}
