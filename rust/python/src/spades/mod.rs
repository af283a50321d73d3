//! Spades: `SpadesRules`, `SpadesState`, `SpadesGame` and `simulate_spades`
//! (docs/spades-api.md).

/// A Spades class (`SpadesState`, `SpadesGame`): its [`protocol_class!`] input, with the
/// bidding members both classes have written once after the class's own. `hand: |x| …`
/// borrows the engine hand; `act: |x, f| …` makes the engine move `f` on it (a game through
/// its `act`, which deals the next hand when this one ends).
///
/// [`protocol_class!`]: crate::protocol::protocol_class
macro_rules! spades_class {
    (
        hand: |$h:ident| $hand:expr,
        act: |$a:ident, $f:ident| $act:expr;
        $($input:tt)*
    ) => {
        $crate::protocol::protocol_class! {
            $($input)*

            #[doc = $crate::docs::stub_doc!("_Bidding", "legal_bids")]
            fn legal_bids(&self) -> Vec<u32> {
                let $h = self;
                $crate::spades::state::legal_bids($hand)
            }
            #[doc = $crate::docs::stub_doc!("_Bidding", "can_bid_blind")]
            fn can_bid_blind(&self) -> bool {
                let $h = self;
                ($hand).can_bid_blind()
            }
            #[doc = $crate::docs::stub_doc!("_Bidding", "legal_bemos")]
            fn legal_bemos(&self) -> Vec<&'static str> {
                let $h = self;
                ($hand).legal_bemos().iter().map(|b| b.name()).collect()
            }
            #[doc = $crate::docs::stub_doc!("_Bidding", "bid")]
            #[pyo3(signature = (n, *, blind = None, bemo = None))]
            fn bid(
                &mut self,
                n: &pyo3::Bound<'_, pyo3::PyAny>,
                blind: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
                bemo: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
            ) -> pyo3::PyResult<()> {
                let $h = &*self;
                let (v, blind, bemo) = $crate::spades::state::checked_bid($hand, n, blind, bemo)?;
                let $a = self;
                let $f = |s: &mut hearts_engine::spades::SpadesState| s.bid_unchecked(v, blind, bemo);
                $act;
                Ok(())
            }
            #[doc = $crate::docs::stub_doc!("_Bidding", "deficient_seats")]
            fn deficient_seats(&self) -> Vec<u32> {
                let $h = self;
                $crate::spades::state::deficient_seats($hand)
            }
        }
    };
}

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
