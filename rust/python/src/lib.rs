//! Python bindings of `hearts-engine`: conversion, validation, GIL release and error mapping.

mod cards;
mod convert;
mod errors;
mod game;
mod rules;
mod rummy;
mod sim;
mod spades;
mod spades_sim;
mod state;
mod text;

use pyo3::prelude::*;

#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(cards::card, m)?)?;
    m.add_function(wrap_pyfunction!(cards::card_name, m)?)?;
    m.add_function(wrap_pyfunction!(sim::simulate_hearts, m)?)?;
    m.add_class::<cards::PyCardSet>()?;
    m.add_class::<rules::PyHeartsRules>()?;
    m.add_class::<state::PyHeartsState>()?;
    m.add_class::<game::PyHeartsGame>()?;
    m.add_class::<sim::PyPolicy>()?;
    m.add_function(wrap_pyfunction!(spades_sim::simulate_spades, m)?)?;
    m.add_class::<spades::PySpadesRules>()?;
    m.add_class::<rummy::PyRummyRules>()?;
    m.add_class::<rummy::PyRummyState>()?;
    m.add_class::<rummy::PyRummyGame>()?;
    m.add_function(wrap_pyfunction!(rummy::is_valid_meld, m)?)?;
    m.add_function(wrap_pyfunction!(rummy::all_melds, m)?)?;
    m.add_function(wrap_pyfunction!(rummy::simulate_rummy, m)?)?;
    m.add_function(wrap_pyfunction!(rummy::meld_value, m)?)?;
    m.add_class::<spades::PySpadesState>()?;
    m.add_class::<spades::PySpadesGame>()?;
    Ok(())
}
