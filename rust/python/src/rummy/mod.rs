//! Rummy "La Dame de Pique": `RummyRules`, `RummyState`, `RummyGame`, the meld functions
//! and `simulate_rummy` (docs/rummy-api.md).

pub mod action;
pub mod game;
pub mod melds;
pub mod rules;
pub mod sim;
pub mod state;

use pyo3::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rules::PyRummyRules>()?;
    m.add_class::<state::PyRummyState>()?;
    m.add_class::<game::PyRummyGame>()?;
    m.add_function(wrap_pyfunction!(melds::is_valid_meld, m)?)?;
    m.add_function(wrap_pyfunction!(melds::all_melds, m)?)?;
    m.add_function(wrap_pyfunction!(melds::meld_value, m)?)?;
    m.add_function(wrap_pyfunction!(sim::simulate_rummy, m)?)
}
