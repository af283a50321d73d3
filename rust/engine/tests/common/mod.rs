//! Random rule sets for the integration tests: every docs/rules/hearts.md A.1/A.6 parameter drawn
//! independently, then repaired into a valid combination.

use hearts_engine::hearts::{
    ChipsEnd, DeckAdjust, FirstLead, HeartsRules, Moon, PassCount, PassDirection, Scoring,
};
use hearts_engine::Rng;
use hearts_engine::Tie;

/// A uniformly chosen element.
pub fn pick<T: Copy>(rng: &mut Rng, xs: &[T]) -> T {
    xs[rng.below(xs.len() as u32) as usize]
}

/// A random valid rule set.
pub fn random_rules(rng: &mut Rng) -> HeartsRules {
    let coin = |rng: &mut Rng| rng.below(2) == 0;
    let mut r = HeartsRules {
        players: 3 + rng.below(5) as u8,
        deck_adjust: pick(rng, DeckAdjust::ALL),
        pass_count: if coin(rng) {
            PassCount::Auto
        } else {
            PassCount::Fixed(rng.below(5) as u8)
        },
        pass_direction: pick(rng, PassDirection::ALL),
        pass_through: coin(rng),
        first_lead: pick(rng, FirstLead::ALL),
        first_trick_no_points: coin(rng),
        hearts_must_be_broken: coin(rng),
        queen_breaks_hearts: coin(rng),
        early_end: coin(rng),
        scoring: pick(rng, Scoring::ALL),
        moon: pick(rng, Moon::ALL),
        target: 1 + rng.below(80),
        starting_chips: 1 + rng.below(80),
        chips_end: ChipsEnd::Bust,
        french_spades: coin(rng),
        jack_of_diamonds: coin(rng),
        moon_requires_jack: coin(rng),
        tie: pick(rng, Tie::ALL),
        max_hands: if coin(rng) {
            None
        } else {
            Some(1 + rng.below(6))
        },
        can_lead_hearts_instead_of_qs: coin(rng),
        avoid_all_tricks_bonus: pick(rng, &[0, 5]),
        ..HeartsRules::default()
    };
    if r.first_lead == FirstLead::TwoOfClubs && coin(rng) {
        r.can_lead_any_club = true;
    }
    if r.jack_of_diamonds && r.scoring == Scoring::Chips {
        r.scoring = Scoring::Positive;
    }
    r.validate().expect("valid random rules");
    r
}
