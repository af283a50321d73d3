//! The typed errors every game shares: refused rule sets (refused texts are
//! [`TextError`](crate::core::text::TextError)), and the shared rule option [`Tie`].

/// Why a rule set was refused: the parameter and what is allowed, in words for a Rust
/// caller.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct RulesError(pub String);

crate::option_enum! {
    /// `tie` (0.6 of the rules, every game): how a game whose end leaves several players
    /// tied for the win goes on.
    Tie { PlayOn = "play_on", Share = "share" }
}
