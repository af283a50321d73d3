//! Python bindings of `hearts-engine`: conversion, validation, GIL release and error
//! mapping. One module per game and class (`hearts`, `spades`, `rummy`), and the pieces
//! they share: argument conversion, the error mapping, the rules classes, the protocol
//! members of states and games, the batch path, the policies and the open-hand solver.

mod arena;
mod batch;
mod cards;
mod convert;
mod docs;
mod env;
mod errors;
mod hearts;
mod info;
mod policy;
mod protocol;
mod rules;
mod rummy;
mod solve;
mod spades;

use pyo3::prelude::*;

#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("LAYOUT_VERSION", hearts_engine::env::LAYOUT_VERSION)?;
    m.add_function(wrap_pyfunction!(cards::card, m)?)?;
    m.add_function(wrap_pyfunction!(cards::card_name, m)?)?;
    m.add_class::<cards::PyCardSet>()?;
    m.add_class::<policy::PyPolicy>()?;
    hearts::register(m)?;
    spades::register(m)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(solve::_check_solve_batch, m)?)?;
    m.add_class::<solve::PySolver>()?;
    m.add_class::<info::PyHeartsInfo>()?;
    m.add_class::<info::PySpadesInfo>()?;
    m.add_function(wrap_pyfunction!(info::sample_deals, m)?)?;
    m.add_function(wrap_pyfunction!(arena::_arena_scores, m)?)?;
    m.add_class::<env::PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(env::_tensor_fields, m)?)?;
    rummy::register(m)
}
