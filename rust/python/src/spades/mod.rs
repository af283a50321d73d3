//! Spades: `SpadesRules`, `SpadesState`, `SpadesGame` and `simulate_spades`
//! (docs/spades-api.md).

pub mod game;
pub mod rules;
pub mod sim;
pub mod state;

use pyo3::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rules::PySpadesRules>()?;
    m.add_class::<state::PySpadesState>()?;
    m.add_class::<game::PySpadesGame>()?;
    m.add_function(wrap_pyfunction!(sim::simulate_spades, m)?)
}
