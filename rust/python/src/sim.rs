//! `simulate_hearts`: batch simulation with the GIL released, results as numpy arrays.

use crate::convert::{extract_int, extract_seed, extract_str};
use crate::state::extract_rules;
use hearts_engine::sim::{simulate_hands, Policy};
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Largest batch accepted in one call.
const MAX_HANDS: i128 = 1 << 40;

#[pyfunction]
#[pyo3(signature = (rules, *, hands, seed = None, policy = None))]
pub fn simulate_hearts<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    hands: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    policy: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let r = extract_rules(rules)?;
    let n = extract_int(hands, "hands")?;
    if !(0..=MAX_HANDS).contains(&n) {
        return Err(PyValueError::new_err(format!(
            "hands must be 0..={MAX_HANDS}, got {n}"
        )));
    }
    let seed = seed.map(extract_seed).transpose()?.unwrap_or(0);
    let pname = policy
        .map(|p| extract_str(p, "policy"))
        .transpose()?
        .unwrap_or_else(|| "random".into());
    let pol = Policy::from_name(&pname).ok_or_else(|| {
        let allowed: Vec<&str> = Policy::ALL.iter().map(|p| p.name()).collect();
        PyValueError::new_err(format!(
            "unknown policy {pname:?}; allowed: {}",
            allowed.join(", ")
        ))
    })?;
    let n = n as usize;
    let res = py.detach(|| simulate_hands(&r, n, seed, pol));
    let p = res.players;
    let d = PyDict::new(py);
    d.set_item("points", res.points.into_pyarray(py).reshape([n, p])?)?;
    d.set_item(
        "hand_scores",
        res.hand_scores.into_pyarray(py).reshape([n, p])?,
    )?;
    d.set_item("moon_shooter", res.moon_shooter.into_pyarray(py))?;
    Ok(d)
}
