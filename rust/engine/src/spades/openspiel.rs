//! OpenSpiel's Spades observation tensor (layout `"openspiel"`, docs/environments.md):
//! element for element the tensor of OpenSpiel's `spades` game under the `openspiel` preset.

use super::tensor::SpadesView;

/// The length of OpenSpiel's Spades observation tensor.
pub const OBSERVATION_SIZE: usize = 0;

/// Writes OpenSpiel's observation tensor of `view` into `out` (`OBSERVATION_SIZE` long).
/// Refused when the rules are not those OpenSpiel plays (the `openspiel` preset).
pub fn observation_tensor(view: &SpadesView<'_>, out: &mut [f32]) -> Result<(), String> {
    let _ = (view, out);
    Err("the openspiel layout of Spades is not written yet".into())
}
