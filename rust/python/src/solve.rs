//! The open-hand solver (docs/solver.md): `solve`, `Solver` and `solve_batch`. The binding
//! reads the arguments in the package's order (types, then values), has the engine build the
//! problem of each state (which checks the objective, the seat and the phase, in that order),
//! solves with the GIL released and Ctrl-C honoured ([`inline`] one position, [`detached`] a
//! batch), and returns the `Solution` dataclass or the `SolveBatch` named tuple of
//! `hearts_fast._types`.

use crate::batch::{detached, extract_threads, inline, pool};
use crate::convert::{extract_int, extract_str, given, seq, type_name, Int};
use crate::errors::{type_error, InvalidArgumentError};
use crate::hearts::state::PyHeartsState;
use crate::protocol::{bind_args, parse_args};
use crate::spades::state::PySpadesState;
use hearts_engine::batch::map_all;
use hearts_engine::hearts::solve::HeartsProblem;
use hearts_engine::hearts::HeartsState;
use hearts_engine::solve::{Solution, SolveError, Solver, DEFAULT_MEMORY};
use hearts_engine::spades::solve::{SpadesPosition, SpadesProblem};
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyString, PyTuple, PyType};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The table of each solver that `solve` and `solve_batch` use.
const SPARE_MEMORY: usize = 16 << 20;
/// Positions of a `solve_batch` that one solver solves in order, its table cleared first:
/// the split never depends on the thread count, so neither does any result.
const CHUNK: usize = 8;
/// `memory_mb` of `Solver()`: the default (the engine's) and the largest.
const DEFAULT_MEMORY_MB: usize = DEFAULT_MEMORY >> 20;
const MAX_MEMORY_MB: i128 = 1 << 16;
/// The columns of `SolveBatch.moves`: card ids 0..53, the Spades jokers included.
const CARD_IDS: usize = 54;
/// `Solution.ILLEGAL`: a card that is not a legal play.
const ILLEGAL: i32 = i32::MIN;

static SOLUTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SOLVE_BATCH: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// A state argument: a fast-engine Hearts or Spades state.
enum StateArg<'py> {
    Hearts(Bound<'py, PyHeartsState>),
    Spades(Bound<'py, PySpadesState>),
}

impl<'py> StateArg<'py> {
    /// `obj` as a state to solve, else `ArgumentTypeError` (`what` names the argument).
    fn extract(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Self> {
        if let Ok(s) = obj.cast::<PyHeartsState>() {
            return Ok(StateArg::Hearts(s.clone()));
        }
        if let Ok(s) = obj.cast::<PySpadesState>() {
            return Ok(StateArg::Spades(s.clone()));
        }
        // The qualified name tells a reference engine state from the fast one.
        let name = obj
            .get_type()
            .fully_qualified_name()
            .map_or_else(|_| type_name(obj), |n| n.to_string());
        Err(type_error(format!(
            "{what} must be a hearts_fast.HeartsState or hearts_fast.SpadesState, got {name}"
        )))
    }

    fn game(&self) -> &'static str {
        match self {
            StateArg::Hearts(_) => "HeartsState",
            StateArg::Spades(_) => "SpadesState",
        }
    }

    /// The engine's problem and position of the state for `seat` and `objective`.
    fn task(&self, seat: Option<&Int>, objective: Option<&str>) -> Result<Task, SolveError> {
        // No table has a seat beyond u8: 255 is refused in the engine's order of checks.
        let seat = seat.map(|s| u8::try_from(s.value()).unwrap_or(u8::MAX));
        Ok(match self {
            StateArg::Hearts(s) => {
                let state = s.borrow().state;
                Task::Hearts(
                    HeartsProblem::new(&state, seat, objective)?,
                    Box::new(state),
                )
            }
            StateArg::Spades(s) => {
                let state = &s.borrow().state;
                let problem = SpadesProblem::new(state, seat, objective)?;
                Task::Spades(problem, SpadesPosition::of(state))
            }
        })
    }
}

/// One position ready for the engine.
enum Task {
    Hearts(HeartsProblem, Box<HeartsState>),
    Spades(SpadesProblem, SpadesPosition),
}

impl Task {
    fn solve(
        &self,
        solver: &mut Solver,
        interrupted: &mut dyn FnMut() -> bool,
    ) -> Result<Solution, SolveError> {
        match self {
            Task::Hearts(problem, pos) => solver.solve_polled(problem, &**pos, interrupted),
            Task::Spades(problem, pos) => solver.solve_polled(problem, pos, interrupted),
        }
    }
}

/// A refused or unfinished solve as the package's error; `seat` is the seat as given.
fn solve_error(e: SolveError, seat: Option<&Int>) -> PyErr {
    match e {
        SolveError::NoSuchSeat { players, .. } => {
            let seat = seat.map_or_else(String::new, ToString::to_string);
            InvalidArgumentError::new_err(format!(
                "seat = {seat} is out of range; allowed: seats 0..{} or None",
                players - 1
            ))
        }
        SolveError::NotInPlay { .. } | SolveError::NoSuchObjective { .. } => {
            InvalidArgumentError::new_err(e.to_string())
        }
        SolveError::OutOfMemory(_) => PyMemoryError::new_err(e.to_string()),
        SolveError::Interrupted => PyKeyboardInterrupt::new_err(e.to_string()),
    }
}

/// An optional int (not a bool) argument.
fn opt_int(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Int>> {
    given(obj).map(|o| extract_int(o, what)).transpose()
}

/// The `objective=` argument: None or a str of valid text.
fn opt_objective(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    given(obj).map(|o| extract_str(o, "objective")).transpose()
}

/// The arguments of a call `(state, *, seat=None, objective=None)` of `call` as the task to
/// solve: the types of the three, then the objective, the seat and the phase.
fn read_task(
    call: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Task> {
    bind_args!(call, args, kwargs; state; seat, objective);
    let state = StateArg::extract(state, "state")?;
    let seat = opt_int(seat, "seat")?;
    let objective = opt_objective(objective)?;
    state
        .task(seat.as_ref(), objective.as_deref())
        .map_err(|e| solve_error(e, seat.as_ref()))
}

/// The engine solvers that `solve` and `solve_batch` borrow, kept between calls so that a
/// call neither allocates nor fills a table: as many as calls (or chunks) ever ran at once.
static SPARE: Mutex<Vec<Solver>> = Mutex::new(Vec::new());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `f` of a spare solver whose table is cleared first: it solves exactly as a new one would,
/// the same values and the same nodes.
fn with_spare<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    let spare = lock(&SPARE).pop();
    let mut solver = spare.unwrap_or_else(|| Solver::new(SPARE_MEMORY));
    solver.clear();
    let out = f(&mut solver);
    lock(&SPARE).push(solver);
    out
}

/// A `hearts_fast.Solution` of an engine solution.
fn py_solution(py: Python<'_>, s: Result<Solution, SolveError>) -> PyResult<Bound<'_, PyAny>> {
    let s = s.map_err(|e| solve_error(e, None))?;
    let moves = PyDict::new(py);
    for &(card, value) in &s.moves {
        moves.set_item(card.id(), value)?;
    }
    let best: Vec<u32> = s.best().into_iter().map(|c| u32::from(c.id())).collect();
    SOLUTION
        .import(py, "hearts_fast._types", "Solution")?
        .call1((s.value, moves, best, s.nodes))
}

#[doc = crate::docs::stub_doc!("solve")]
#[pyfunction]
#[pyo3(signature = (*args, **kwargs), text_signature = "(state, *, seat=None, objective=None)")]
pub fn solve<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let task = read_task("solve()", args, kwargs)?;
    let solution = inline(py, |interrupted| {
        with_spare(|solver| task.solve(solver, interrupted))
    })?;
    py_solution(py, solution)
}

#[doc = crate::docs::stub_doc!("Solver")]
#[pyclass(name = "Solver", module = "hearts_fast._core", frozen)]
pub struct PySolver {
    solver: Mutex<Solver>,
    memory_mb: usize,
    memory: usize,
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (*args, **kwargs), text_signature = "(*, memory_mb=64)")]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let ([], [memory_mb]) = parse_args("Solver()", args, kwargs, [], ["memory_mb"])?;
        let memory_mb = match given(memory_mb.as_ref()) {
            None => DEFAULT_MEMORY_MB,
            Some(m) => {
                let m = extract_int(m, "memory_mb")?;
                m.within(1..=MAX_MEMORY_MB, || {
                    InvalidArgumentError::new_err(format!(
                        "memory_mb must be 1..={MAX_MEMORY_MB} (MiB), got {m}"
                    ))
                })?
            }
        };
        let solver = Solver::new(memory_mb << 20);
        Ok(PySolver {
            memory: solver.memory(),
            solver: Mutex::new(solver),
            memory_mb,
        })
    }

    #[doc = crate::docs::stub_doc!("Solver", "solve")]
    #[pyo3(signature = (*args, **kwargs), text_signature = "($self, state, *, seat=None, objective=None)")]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let task = read_task("Solver.solve()", args, kwargs)?;
        // The lock is taken with the GIL released: a thread waiting for it never holds the
        // GIL from the thread solving.
        let solution = inline(py, |interrupted| {
            task.solve(&mut lock(&self.solver), interrupted)
        })?;
        py_solution(py, solution)
    }

    #[doc = crate::docs::stub_doc!("Solver", "clear")]
    fn clear(&self, py: Python<'_>) {
        py.detach(|| lock(&self.solver).clear());
    }

    #[doc = crate::docs::stub_doc!("Solver", "memory")]
    #[getter]
    fn memory(&self) -> usize {
        self.memory
    }

    fn __repr__(&self) -> String {
        format!("Solver(memory_mb={})", self.memory_mb)
    }
}

/// The `seat=` of `solve_batch`: None, one seat for every state, or one per state.
enum Seats {
    Default,
    All(Int),
    Each(Vec<Int>),
}

impl Seats {
    fn extract(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let Some(obj) = given(obj) else {
            return Ok(Seats::Default);
        };
        if obj.is_instance_of::<PyInt>() {
            return extract_int(obj, "seat").map(Seats::All); // a bool is refused there
        }
        if obj.is_instance_of::<PyString>() || obj.try_iter().is_err() {
            return Err(type_error(format!(
                "seat must be None, an int or a sequence of ints (one per state), got {}",
                type_name(obj)
            )));
        }
        seq(obj, "seat")?
            .iter()
            .enumerate()
            .map(|(i, s)| extract_int(s, &format!("seat[{i}]")))
            .collect::<PyResult<_>>()
            .map(Seats::Each)
    }

    fn get(&self, i: usize) -> Option<&Int> {
        match self {
            Seats::Default => None,
            Seats::All(s) => Some(s),
            Seats::Each(v) => v.get(i),
        }
    }
}

/// The solver task of every state of a `solve_batch` call and its `threads`, with the
/// checks in their order: every state of one game, the seats, the objective, the threads,
/// each state solvable (naming its index).
fn batch_tasks(
    py: Python<'_>,
    states: &Bound<'_, PyAny>,
    seat: Option<&Bound<'_, PyAny>>,
    objective: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<Task>, usize)> {
    let states = seq(states, "states")?
        .iter()
        .enumerate()
        .map(|(i, s)| StateArg::extract(s, &format!("states[{i}]")))
        .collect::<PyResult<Vec<_>>>()?;
    if let Some(i) = states.iter().position(|s| s.game() != states[0].game()) {
        return Err(type_error(format!(
            "states[{i}] is a {} but states[0] is a {}: the states of a batch are of one game",
            states[i].game(),
            states[0].game()
        )));
    }
    let seats = Seats::extract(seat)?;
    let objective = opt_objective(objective)?;
    let threads = extract_threads(threads)?;
    let n = states.len();
    if n == 0 {
        return Err(InvalidArgumentError::new_err(
            "states must hold at least one state",
        ));
    }
    if let Seats::Each(v) = &seats {
        if v.len() != n {
            return Err(InvalidArgumentError::new_err(format!(
                "seat has {} seats for {n} states; give one per state, one int, or None",
                v.len()
            )));
        }
    }
    let tasks = states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let seat = seats.get(i);
            s.task(seat, objective.as_deref()).map_err(|e| {
                let e = solve_error(e, seat);
                InvalidArgumentError::new_err(format!("states[{i}]: {}", e.value(py)))
            })
        })
        .collect::<PyResult<Vec<Task>>>()?;
    Ok((tasks, threads))
}

#[doc = crate::docs::stub_doc!("_check_solve_batch")]
#[pyfunction]
#[pyo3(signature = (*args, **kwargs), text_signature = "(states, *, seat=None, objective=None)")]
pub fn _check_solve_batch(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    bind_args!("solve_batch()", args, kwargs; states; seat, objective);
    batch_tasks(py, states, seat, objective, None).map(drop)
}

#[doc = crate::docs::stub_doc!("solve_batch")]
#[pyfunction]
#[pyo3(
    signature = (*args, **kwargs),
    text_signature = "(states, *, seat=None, objective=None, threads=None)"
)]
pub fn solve_batch<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    bind_args!("solve_batch()", args, kwargs; states; seat, objective, threads);
    let (tasks, threads) = batch_tasks(py, states, seat, objective, threads)?;
    let n = tasks.len();
    let pool = pool(threads)?;
    let parts = detached(py, |stop| {
        pool.install(|| {
            map_all(tasks.chunks(CHUNK).collect(), |chunk: &[Task]| {
                with_spare(|solver| {
                    let solve = |t: &Task| {
                        if stop.requested() {
                            return Err(SolveError::Interrupted);
                        }
                        t.solve(solver, &mut || stop.requested())
                    };
                    chunk.iter().map(solve).collect::<Vec<_>>()
                })
            })
        })
    })?;
    let mut values = Vec::with_capacity(n);
    let mut moves = vec![ILLEGAL; n * CARD_IDS];
    let mut nodes = Vec::with_capacity(n);
    for (i, s) in parts.into_iter().flatten().enumerate() {
        let s = s.map_err(|e| solve_error(e, None))?;
        values.push(s.value);
        for (card, value) in s.moves {
            moves[i * CARD_IDS + usize::from(card.id())] = value;
        }
        nodes.push(s.nodes as i64);
    }
    let moves = moves.into_pyarray(py).reshape([n, CARD_IDS])?;
    SOLVE_BATCH
        .import(py, "hearts_fast._types", "SolveBatch")?
        .call1((values.into_pyarray(py), moves, nodes.into_pyarray(py)))
}
