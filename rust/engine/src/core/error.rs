//! The typed errors every game shares: refused rule sets (refused texts are
//! [`TextError`](crate::core::text::TextError)), and the shared rule option [`Tie`].

use std::fmt;

/// Why a rule set was refused: the parameter and what is allowed, in words for a Rust
/// caller.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

crate::option_enum! {
    /// `tie` (0.6 of the rules, every game): how a game whose end leaves several players
    /// tied for the win goes on.
    Tie { PlayOn = "play_on", Share = "share" }
}
