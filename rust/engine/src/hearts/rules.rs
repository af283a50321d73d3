//! The rule parameters of the Hearts family (docs/rules/hearts.md A.1, A.6), their validation and
//! the presets, plus the facts derived from them (deck, penalty cards, V, lowest club).

use crate::core::{Card, CardSet, RulesError, Suit, Tie};
use crate::option_enum;

option_enum! {
    /// `deck_adjust` (A-3, A-7).
    DeckAdjust { RemoveCards = "remove_cards", DealAll = "deal_all" }

    /// `pass_direction` (A-8, A.6).
    PassDirection {
        Left = "left", Right = "right", Across = "across", Hold = "hold",
        Rotate = "rotate", Random = "random",
    }

    /// `first_lead` (A-12, V-A1).
    FirstLead { LeftOfDealer = "left_of_dealer", TwoOfClubs = "two_of_clubs" }

    /// `scoring` (A-22..A-24).
    Scoring { Chips = "chips", Positive = "positive", Negative = "negative" }

    /// `moon` (A-21).
    Moon { SubtractSelf = "subtract_self", AddOthers = "add_others", None = "none" }

    /// `chips_end` (A-24).
    ChipsEnd { Bust = "bust", MaxHands = "max_hands" }

    /// `pass_table`: which column of table A-9 `pass_count = auto` reads.
    PassTable { DameDePic = "dame_de_pic", Corazones = "corazones" }

    /// The presets of A.1 and A.6.
    HeartsPreset {
        DameDePic = "dame_de_pic", Corazones = "corazones", Francesa = "francesa",
        JotaDiamantes = "jota_diamantes", OpenSpiel = "openspiel",
    }
}

/// `pass_count`: `auto` (table A-9) or a fixed count 0..=4.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum PassCount {
    /// Table A-9, column chosen by `pass_table`.
    Auto,
    /// A fixed number of cards.
    Fixed(u8),
}

option_enum! {
    /// A resolved pass direction (A-8).
    HandDirection { Left = "left", Right = "right", Across = "across", Hold = "hold" }
}

crate::rules! {
    /// The Hearts-family rules: every parameter of docs/rules/hearts.md A.1 and A.6, in
    /// that order; the defaults are the `dame_de_pic` defaults of A.1.
    pub struct HeartsRules {
        /// `players` (A-1).
        players: u8 = 4 => [3, 7],
        /// `deck_adjust` (A-3, A-7).
        deck_adjust: DeckAdjust = DeckAdjust::RemoveCards,
        /// `pass_count` (A-9): `auto` or a fixed count.
        pass_count: PassCount = PassCount::Auto => [0, 4] or "auto",
        /// `pass_direction` (A-8, A.6).
        pass_direction: PassDirection = PassDirection::Left,
        /// `pass_through` (A-11).
        pass_through: bool = true,
        /// `first_lead` (A-12).
        first_lead: FirstLead = FirstLead::LeftOfDealer,
        /// `first_trick_no_points` (A-15).
        first_trick_no_points: bool = true,
        /// `hearts_must_be_broken` (A-14).
        hearts_must_be_broken: bool = true,
        /// `queen_breaks_hearts` (A-14).
        queen_breaks_hearts: bool = false,
        /// `early_end` (A-19).
        early_end: bool = true,
        /// `scoring` (A-22..A-24).
        scoring: Scoring = Scoring::Positive,
        /// `moon` (A-21).
        moon: Moon = Moon::SubtractSelf,
        /// `target` (A-22, A-23).
        target: u32 = 100 => [1, MAX_PARAM],
        /// `starting_chips` (A-24).
        starting_chips: u32 = 100 => [1, MAX_PARAM],
        /// `chips_end` (A-24).
        chips_end: ChipsEnd = ChipsEnd::Bust,
        /// `french_spades` (V-A2).
        french_spades: bool = false,
        /// `jack_of_diamonds` (A-4, A-19).
        jack_of_diamonds: bool = false,
        /// `moon_requires_jack` (A-21 with J♦).
        moon_requires_jack: bool = true,
        /// `tie` (0.6).
        tie: Tie = Tie::PlayOn,
        /// `max_hands`.
        max_hands: Option<u32> = None => [1, MAX_PARAM],
        /// `can_lead_any_club` (A.6).
        can_lead_any_club: bool = false,
        /// `can_lead_hearts_instead_of_qs` (A.6).
        can_lead_hearts_instead_of_qs: bool = false,
        /// `avoid_all_tricks_bonus` (A.6).
        avoid_all_tricks_bonus: u32 = 0 => [0, MAX_AVOID_BONUS],
        /// `pass_table` (A-9).
        pass_table: PassTable = PassTable::DameDePic,
    }
}

impl crate::core::rules::ParamValue for PassCount {
    const KIND: crate::core::rules::Kind = crate::core::rules::Kind::OptInt { none: "auto" };
    fn to_value(self) -> crate::core::rules::Value<'static> {
        match self {
            PassCount::Auto => crate::core::rules::Value::Name("none"),
            PassCount::Fixed(k) => crate::core::rules::Value::Int(i64::from(k)),
        }
    }
    fn from_value(v: crate::core::rules::Value<'_>) -> Option<PassCount> {
        match v {
            crate::core::rules::Value::Name("none") => Some(PassCount::Auto),
            crate::core::rules::Value::Int(k) => u8::try_from(k).ok().map(PassCount::Fixed),
            _ => None,
        }
    }
}

/// Largest `target`, `starting_chips` or `max_hands` accepted, so that totals never overflow.
pub const MAX_PARAM: u32 = crate::core::rules::MAX_PARAM as u32;

/// Largest `avoid_all_tricks_bonus` accepted: every hand score then fits the `int16` arrays of
/// the batch simulator (|h| ≤ 43 + 10 + 1000).
pub const MAX_AVOID_BONUS: u32 = 1000;

impl HeartsRules {
    /// The rules of a preset (A.1, A.6).
    ///
    /// ```
    /// use hearts_engine::hearts::{HeartsPreset, HeartsRules, FirstLead};
    /// let r = HeartsRules::preset(HeartsPreset::Corazones);
    /// assert_eq!(r.first_lead, FirstLead::TwoOfClubs);
    /// ```
    pub fn preset(preset: HeartsPreset) -> HeartsRules {
        let base = HeartsRules::default();
        let corazones = HeartsRules {
            pass_direction: PassDirection::Rotate,
            pass_table: PassTable::Corazones,
            first_lead: FirstLead::TwoOfClubs,
            ..base
        };
        match preset {
            HeartsPreset::DameDePic => base,
            HeartsPreset::Corazones => corazones,
            HeartsPreset::Francesa => HeartsRules {
                french_spades: true,
                ..corazones
            },
            HeartsPreset::JotaDiamantes => HeartsRules {
                jack_of_diamonds: true,
                ..base
            },
            HeartsPreset::OpenSpiel => HeartsRules {
                players: 4,
                pass_count: PassCount::Fixed(3),
                pass_direction: PassDirection::Random,
                pass_through: false,
                first_lead: FirstLead::TwoOfClubs,
                first_trick_no_points: true,
                hearts_must_be_broken: true,
                queen_breaks_hearts: true,
                early_end: false,
                moon: Moon::AddOthers,
                moon_requires_jack: false,
                max_hands: Some(1),
                ..base
            },
        }
    }

    /// Checks ranges and the invalid combinations.
    ///
    /// ```
    /// use hearts_engine::hearts::{HeartsRules, Scoring};
    /// let bad = HeartsRules { jack_of_diamonds: true, scoring: Scoring::Chips, ..Default::default() };
    /// assert!(bad.validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<(), RulesError> {
        let err = |s: String| Err(RulesError(s));
        self.check_ranges()?;
        if self.jack_of_diamonds && self.scoring == Scoring::Chips {
            return err(
                "jack_of_diamonds cannot be combined with scoring \"chips\" (A.1 of \
                 docs/rules/hearts.md: J♦ is defined in points only); use scoring \"positive\" \
                 or \"negative\""
                    .into(),
            );
        }
        if self.chips_end == ChipsEnd::MaxHands && self.max_hands.is_none() {
            return err("chips_end \"max_hands\" needs max_hands set to a number of hands".into());
        }
        if self.can_lead_any_club && self.first_lead != FirstLead::TwoOfClubs {
            return err("can_lead_any_club needs first_lead \"two_of_clubs\"".into());
        }
        Ok(())
    }

    /// The cards in play: 52 minus the A-3 removals with `remove_cards`.
    ///
    /// ```
    /// use hearts_engine::hearts::HeartsRules;
    /// let r = HeartsRules { players: 6, ..Default::default() };
    /// assert_eq!(r.deck().count(), 48);
    /// ```
    pub const fn deck(&self) -> CardSet {
        // A-3: 3 pl. −2♣; 5 pl. −2♣ 2♦; 6 pl. −2♣ 2♦ 2♥ 3♣; 7 pl. −2♣ 2♦ 2♥.
        const C2: u64 = 1;
        const C3: u64 = 1 << 1;
        const D2: u64 = 1 << 13;
        const H2: u64 = 1 << 26;
        if matches!(self.deck_adjust, DeckAdjust::DealAll) {
            return CardSet::FULL;
        }
        let removed = match self.players {
            3 => C2,
            5 => C2 | D2,
            6 => C2 | D2 | H2 | C3,
            7 => C2 | D2 | H2,
            _ => 0,
        };
        CardSet(CardSet::FULL.0 & !removed)
    }

    /// Cards dealt to each seat before extras (A-3, A-7).
    pub fn cards_each(&self) -> u32 {
        self.deck().count() / u32::from(self.players)
    }

    /// How many seats (starting left of the dealer) get one extra card (A-7).
    pub fn extra_cards(&self) -> u32 {
        self.deck().count() % u32::from(self.players)
    }

    /// The penalty cards in play (A-4, V-A2).
    pub fn penalty_cards(&self) -> CardSet {
        let mut p = CardSet::HEARTS.with(Card::QUEEN_OF_SPADES);
        if self.french_spades {
            p = p.with(Card::ACE_OF_SPADES).with(Card::KING_OF_SPADES);
        }
        p & self.deck()
    }

    /// The value cards in play: penalty cards, plus J♦ in the Jota variant (A-4, A-19).
    pub fn value_cards(&self) -> CardSet {
        let mut v = self.penalty_cards();
        if self.jack_of_diamonds {
            v = v.with(Card::JACK_OF_DIAMONDS);
        }
        v
    }

    /// The total penalty of a set of cards.
    pub fn penalty_of(&self, cards: CardSet) -> u32 {
        let mut p = (cards & CardSet::HEARTS).count();
        if cards.contains(Card::QUEEN_OF_SPADES) {
            p += 13;
        }
        if self.french_spades {
            if cards.contains(Card::ACE_OF_SPADES) {
                p += 7;
            }
            if cards.contains(Card::KING_OF_SPADES) {
                p += 10;
            }
        }
        p
    }

    /// V: the total value of the penalty cards in play (A-4).
    ///
    /// ```
    /// use hearts_engine::hearts::HeartsRules;
    /// assert_eq!(HeartsRules::default().total_penalty(), 26);
    /// assert_eq!(HeartsRules { players: 7, ..Default::default() }.total_penalty(), 25);
    /// ```
    pub fn total_penalty(&self) -> u32 {
        self.penalty_of(self.deck())
    }

    /// The lowest club in the deck (V-A1).
    pub fn lowest_club(&self) -> Card {
        (self.deck() & CardSet::suit(Suit::Clubs))
            .first()
            .unwrap_or(Card::TWO_OF_CLUBS)
    }

    /// The number of cards passed in a hand whose direction is not hold (A-9).
    pub fn pass_k(&self) -> u8 {
        match self.pass_count {
            PassCount::Fixed(k) => k,
            PassCount::Auto => match (self.pass_table, self.players) {
                (PassTable::DameDePic, 3 | 4) => 4,
                (PassTable::DameDePic, 5 | 6) | (PassTable::Corazones, 3 | 4) => 3,
                _ => 2,
            },
        }
    }

    /// The direction of hand `hand_index`, for every setting but `random` (A-8).
    /// Across with 3 players is hold.
    pub fn hand_direction(&self, hand_index: u64) -> Option<HandDirection> {
        let d = match self.pass_direction {
            PassDirection::Left => HandDirection::Left,
            PassDirection::Right => HandDirection::Right,
            PassDirection::Across => HandDirection::Across,
            PassDirection::Hold => HandDirection::Hold,
            PassDirection::Random => return None,
            PassDirection::Rotate => {
                if self.players == 3 {
                    [
                        HandDirection::Left,
                        HandDirection::Right,
                        HandDirection::Hold,
                    ][(hand_index % 3) as usize]
                } else {
                    [
                        HandDirection::Left,
                        HandDirection::Right,
                        HandDirection::Across,
                        HandDirection::Hold,
                    ][(hand_index % 4) as usize]
                }
            }
        };
        Some(self.effective(d))
    }

    /// `across` with 3 players behaves as hold (A-8).
    pub fn effective(&self, d: HandDirection) -> HandDirection {
        if d == HandDirection::Across && self.players == 3 {
            HandDirection::Hold
        } else {
            d
        }
    }

    /// The seat offset of a direction (A-8): left +1, right −1, across +⌊n/2⌋, hold 0.
    pub fn offset(&self, d: HandDirection) -> u8 {
        match self.effective(d) {
            HandDirection::Left => 1,
            HandDirection::Right => self.players - 1,
            HandDirection::Across => self.players / 2,
            HandDirection::Hold => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a3_deck_sizes_and_a4_v() {
        for (n, size, each, v) in [
            (3, 51, 17, 26),
            (4, 52, 13, 26),
            (5, 50, 10, 26),
            (6, 48, 8, 25),
            (7, 49, 7, 25),
        ] {
            let r = HeartsRules {
                players: n,
                ..Default::default()
            };
            assert_eq!(r.deck().count(), size, "A-3 n={n}");
            assert_eq!(r.cards_each(), each);
            assert_eq!(r.extra_cards(), 0);
            assert_eq!(r.total_penalty(), v, "A-4 n={n}");
            let f = HeartsRules {
                french_spades: true,
                ..r
            };
            assert_eq!(f.total_penalty(), v + 17);
        }
    }

    #[test]
    fn a9_pass_table_and_v_a1_lowest_club() {
        let k = |n, t| {
            HeartsRules {
                players: n,
                pass_table: t,
                ..Default::default()
            }
            .pass_k()
        };
        assert_eq!(
            [3, 4, 5, 6, 7].map(|n| k(n, PassTable::DameDePic)),
            [4, 4, 3, 3, 2]
        );
        assert_eq!(
            [3, 4, 5, 6, 7].map(|n| k(n, PassTable::Corazones)),
            [3, 3, 2, 2, 2]
        );
        let low = |n| {
            HeartsRules {
                players: n,
                ..Default::default()
            }
            .lowest_club()
            .to_string()
        };
        assert_eq!([3, 4, 5, 6, 7].map(low), ["3C", "2C", "3C", "4C", "3C"]);
    }

    #[test]
    fn ea8_rotate_three_players() {
        let r = HeartsRules {
            players: 3,
            pass_direction: PassDirection::Rotate,
            ..Default::default()
        };
        let dirs: Vec<_> = (0..6)
            .map(|h| r.hand_direction(h).unwrap().name())
            .collect();
        assert_eq!(dirs, ["left", "right", "hold", "left", "right", "hold"]);
    }
}
