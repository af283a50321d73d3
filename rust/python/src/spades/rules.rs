//! `SpadesRules`: the keyword parameters of docs/rules/spades.md B.1.

use crate::convert::ids;
use crate::rules::{rules_class, PyRules};
use hearts_engine::spades::{SpadesPreset, SpadesRules};

impl PyRules for SpadesRules {
    const CLASS: &'static str = "SpadesRules";
    const DOC: &'static str = "B.1 of docs/rules/spades.md";

    fn presets() -> Vec<&'static str> {
        SpadesPreset::ALL.iter().map(|p| p.name()).collect()
    }

    /// The rules of a named preset (`presets` lists them), with keyword overrides.
    fn preset(name: &str) -> Option<SpadesRules> {
        SpadesPreset::from_name(name).map(SpadesRules::preset)
    }
}

rules_class! {
    PySpadesRules(SpadesRules), "SpadesRules";

    /// Derived: the 52 cards in play (B-2, B.3 #5).
    fn deck(&self) -> Vec<u32> {
        ids(self.0.deck())
    }
}
