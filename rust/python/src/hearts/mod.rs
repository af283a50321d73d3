//! Hearts: `HeartsRules`, `HeartsState`, `HeartsGame` and `simulate_hearts`.

pub mod game;
pub mod rules;
pub mod sim;
pub mod state;

use pyo3::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rules::PyHeartsRules>()?;
    m.add_class::<state::PyHeartsState>()?;
    m.add_class::<game::PyHeartsGame>()?;
    m.add_function(wrap_pyfunction!(sim::simulate_hearts, m)?)
}
