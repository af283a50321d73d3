//! OpenSpiel's Hearts information-state tensor (layout `"openspiel"`, docs/environments.md):
//! element for element the tensor of OpenSpiel's `hearts` game under the `openspiel` preset.

use super::tensor::HeartsView;

/// The length of OpenSpiel's Hearts information-state tensor.
pub const INFO_STATE_SIZE: usize = 0;

/// Writes OpenSpiel's information-state tensor of `view` into `out` (`INFO_STATE_SIZE`
/// long). Refused when the rules are not those OpenSpiel plays (the `openspiel` preset).
pub fn info_state_tensor(view: &HeartsView<'_>, out: &mut [f32]) -> Result<(), String> {
    let _ = (view, out);
    Err("the openspiel layout of Hearts is not written yet".into())
}
