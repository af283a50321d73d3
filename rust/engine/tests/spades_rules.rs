//! Spades rule logic (docs/rules/spades.md) through the public API: legal bids (B-6, B-7, B.3 #4 mirror,
//! #6 fourteen, suicide, B.6 team cap), the lead and follow rules (B-10, B-12, B-16), trick
//! winners (B-13), spades breaking (B.3 #1), jokers (B.3 #5), the lowest-club lead (B.3 #7),
//! and hand scoring: contracts, sets, nils, bags (B-17..B-20), the B.3 variants and B-27.
//!
//! Every expected value is worked out by hand from docs/rules/spades.md (the worked examples EB-1..EB-6
//! where they apply), never taken from the engine. Card ids are written out here:
//! `suit * 13 + rank` with clubs 0, diamonds 1, hearts 2, spades 3, rank 0 = "2" … 12 = "A";
//! the Little Joker is 52 and the Big Joker 53.

mod common;

use common::{card_id as id, card_ids as ids};
use hearts_engine::spades::{
    check_deal, legal_bid_mask, score_hand, Bemo, Bid, Boston, FirstLead, NilTricks, Phase,
    PlayError, SetPenalty, SpadesRules, SpadesState,
};
use hearts_engine::{Card, CardSet};

const LJ: u8 = 52;
const BJ: u8 = 53;

fn set(text: &str) -> CardSet {
    ids(text).into_iter().map(Card::new_unchecked).collect()
}

/// A deal giving each listed seat the listed cards first; the rest of the rules' deck goes
/// in id order to the seats still short of 13.
fn deal(rules: &SpadesRules, fixed: &[(usize, &str)]) -> Vec<Vec<u8>> {
    let mut hands = vec![Vec::new(); 4];
    for &(seat, text) in fixed {
        hands[seat] = ids(text);
    }
    let used: Vec<u8> = hands.iter().flatten().copied().collect();
    let mut rest = rules
        .deck()
        .into_iter()
        .map(Card::id)
        .filter(|c| !used.contains(c));
    for h in &mut hands {
        while h.len() < 13 {
            h.push(rest.next().expect("enough cards"));
        }
    }
    hands
}

fn state(rules: &SpadesRules, fixed: &[(usize, &str)], dealer: u8) -> SpadesState {
    let d = check_deal(rules, &deal(rules, fixed)).expect("a valid deal");
    SpadesState::new(rules, d, dealer, 0, [0, 0], [0, 0])
}

/// Every seat bids `value` (must be legal).
fn bid_all(s: &mut SpadesState, value: u8) {
    for _ in 0..4 {
        s.try_bid(value, false, None).expect("legal bid");
    }
}

fn play(s: &mut SpadesState, cards: &str) {
    for c in ids(cards) {
        s.try_play(Card::new_unchecked(c))
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

/// The current player plays its lowest legal card.
fn play_lowest(s: &mut SpadesState) {
    let c = s.legal_plays().first().expect("a legal play");
    s.try_play(c).unwrap();
}

fn mask(values: &[u8]) -> u16 {
    values.iter().fold(0, |m, &v| m | 1 << v)
}

// ------------------------------------------------------------------------------- bidding

#[test]
fn b6_b7_one_bid_each_clockwise_from_the_dealers_left_any_value_0_to_13() {
    let r = SpadesRules::default();
    let mut s = state(&r, &[], 1);
    assert_eq!(s.phase(), Phase::Bid);
    let mut order = Vec::new();
    for v in [4, 0, 3, 5] {
        assert_eq!(s.legal_bids(), mask(&(0..=13).collect::<Vec<_>>()), "B-7");
        order.push(s.current_player().unwrap());
        s.try_bid(v, false, None).unwrap();
    }
    assert_eq!(order, [2, 3, 0, 1], "B-6: starting left of dealer 1");
    assert!(s.try_bid(2, false, None).is_err(), "B-6: no fifth bid");
    assert_eq!(s.phase(), Phase::Play);
    // B-7: with nil on, the 0 is a nil; B-8: C = the sum of the non-nil bids per team.
    let bids = s.bids().map(Option::unwrap);
    assert!(bids[3].nil && !bids[0].nil);
    assert_eq!(
        s.contracts(),
        [3 + 4, 5],
        "B-8: seats 0+2 bid 3+4; seat 1 bid 5, seat 3 nil"
    );
    // B-10: the eldest hand (left of the dealer) leads trick 1.
    assert_eq!(s.current_player(), Some(2));
}

#[test]
fn b7_bid_above_13_is_refused_and_nil_off_makes_0_a_plain_bid() {
    let mut s = state(&SpadesRules::default(), &[], 3);
    assert!(s.try_bid(14, false, None).is_err(), "B-7: 0..=13");
    let r = SpadesRules {
        nil: false,
        ..SpadesRules::default()
    };
    let mut s = state(&r, &[], 3);
    bid_all(&mut s, 0);
    assert!(s.bids().iter().all(|b| !b.unwrap().nil), "B-7: nil=false");
}

#[test]
fn b3_4_mirror_bids_the_number_of_spades_jokers_included() {
    let r = SpadesRules {
        mirror: true,
        ..SpadesRules::default()
    };
    assert_eq!(legal_bid_mask(&r, 3, None), mask(&[3]));
    assert_eq!(
        legal_bid_mask(&r, 0, None),
        mask(&[0]),
        "B.3 #4: no spades → 0"
    );
    // Through a state: seat 0 (left of dealer 3) holds A♠ K♠ 2♠ and no other spade.
    let s = state(&r, &[(0, "AS KS 2S 2C 3C 4C 5C 6C 7C 8C 9C TC JC")], 3);
    assert_eq!(s.legal_bids(), mask(&[3]));
    // With jokers both jokers count as spades (B.3 #5).
    let rj = SpadesRules {
        mirror: true,
        jokers: true,
        ..SpadesRules::default()
    };
    let s = state(&rj, &[(0, "LJ BJ 2S 3C 4C 5C 6C 7C 8C 9C TC JC QC")], 3);
    assert_eq!(s.legal_bids(), mask(&[3]));
}

#[test]
fn b3_6_fourteen_partnership_first_bid_2_to_5_partner_makes_7() {
    let r = SpadesRules {
        fourteen_partnership: true,
        ..SpadesRules::default()
    };
    assert_eq!(legal_bid_mask(&r, 5, None), mask(&[2, 3, 4, 5]));
    let partner = Bid {
        value: 3,
        ..Bid::default()
    };
    assert_eq!(legal_bid_mask(&r, 5, Some(partner)), mask(&[4]));
    let mut s = state(&r, &[], 3);
    for v in [2, 5, 5, 2] {
        s.try_bid(v, false, None).unwrap();
    }
    assert_eq!(s.contracts(), [7, 7]);
}

#[test]
fn b3_suicide_one_nil_per_team_the_partner_four_or_more() {
    let r = SpadesRules {
        suicide: true,
        ..SpadesRules::default()
    };
    let four_up: Vec<u8> = (4..=13).collect();
    let mut first = four_up.clone();
    first.push(0);
    assert_eq!(legal_bid_mask(&r, 4, None), mask(&first));
    let nil = Bid {
        value: 0,
        nil: true,
        ..Bid::default()
    };
    assert_eq!(legal_bid_mask(&r, 4, Some(nil)), mask(&four_up));
    let five = Bid {
        value: 5,
        ..Bid::default()
    };
    assert_eq!(legal_bid_mask(&r, 4, Some(five)), mask(&[0]));
}

#[test]
fn b6_openspiel_team_cap_partners_bid_at_most_13() {
    let r = SpadesRules {
        team_bid_cap: true,
        ..SpadesRules::default()
    };
    let nine = Bid {
        value: 9,
        ..Bid::default()
    };
    assert_eq!(legal_bid_mask(&r, 4, Some(nine)), mask(&[0, 1, 2, 3, 4]));
    assert_eq!(
        legal_bid_mask(&SpadesRules::default(), 4, Some(nine)),
        0x3fff
    );
}

#[test]
fn b3_blind_nil_only_with_the_option_and_only_as_a_nil() {
    let mut s = state(&SpadesRules::default(), &[], 3);
    assert!(!s.can_bid_blind(), "blind_nil defaults off (B.4 #5)");
    assert!(s.try_bid(0, true, None).is_err());
    let r = SpadesRules {
        blind_nil: true,
        ..SpadesRules::default()
    };
    let mut s = state(&r, &[], 3);
    assert!(s.try_bid(3, true, None).is_err(), "a blind bid is a nil");
    s.try_bid(0, true, None).unwrap();
    let b = s.bids()[0].unwrap();
    assert!(b.nil && b.blind);
}

#[test]
fn b3_9_bemo_at_most_one_per_team() {
    let r = SpadesRules {
        bemo: true,
        ..SpadesRules::default()
    };
    let mut s = state(&r, &[], 3);
    s.try_bid(4, false, Some(Bemo::Little)).unwrap(); // seat 0, team 0
    s.try_bid(4, false, Some(Bemo::Big)).unwrap(); // seat 1, team 1
    assert!(!s.can_bemo(), "seat 2's partner declared one");
    assert!(s.try_bid(4, false, Some(Bemo::Big)).is_err());
}

// ------------------------------------------------------------------------------- play

#[test]
fn b10_b16_trick_one_lead_no_spade_unless_only_spades() {
    let r = SpadesRules::default();
    // EB-6: leader {A♠ 3♠ 2♥ …}: only the non-spades.
    let mut s = state(&r, &[(0, "AS 3S 2H 4S 5S 6S 7S 8S 9S TS JS QS KS")], 3);
    bid_all(&mut s, 3);
    assert_eq!(s.legal_plays(), set("2H"));
    // A leader holding only spades leads any of them.
    let mut s = state(&r, &[(0, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")], 3);
    bid_all(&mut s, 3);
    assert_eq!(s.legal_plays().count(), 13);
    // first_trick_no_spade_lead=false: anything.
    let r2 = SpadesRules {
        first_trick_no_spade_lead: false,
        ..r
    };
    let mut s = state(&r2, &[(0, "AS 3S 2H 4S 5S 6S 7S 8S 9S TS JS QS KS")], 3);
    bid_all(&mut s, 3);
    assert_eq!(s.legal_plays().count(), 13);
}

#[test]
fn b12_b13_follow_suit_trump_with_a_spade_when_void() {
    let r = SpadesRules::default();
    let mut s = state(
        &r,
        &[
            (0, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
            (1, "KD 3S 2D 4D 5D 6D 7D 8D 9D TD JD QD AD"),
            (2, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        ],
        3,
    );
    bid_all(&mut s, 3);
    play(&mut s, "2H");
    // EB-6: ♥ led, follower {K♦ 3♠ …} with no heart: any card, the spade included.
    assert_eq!(s.legal_plays().count(), 13);
    play(&mut s, "3S 2C");
    // Seat 3 holds 3♦ and the other twelve spades, no heart: anything.
    let seat3 = s.hands()[3];
    assert_eq!(s.legal_plays(), seat3);
    play(&mut s, "2S");
    // B-13: the highest spade (3♠ beats 2♠) wins over the led suit.
    assert_eq!(s.trick_winners(), [1]);
    assert_eq!(s.current_player(), Some(1), "B-11: the winner leads");
    // Seat 1 leads K♦; seat 2 (clubs only) has no diamond: anything.
    play(&mut s, "KD");
    assert_eq!(s.legal_plays(), s.hands()[2]);
}

#[test]
fn b12_a_follower_holding_the_led_suit_must_follow() {
    let r = SpadesRules::default();
    let mut s = state(
        &r,
        &[
            (0, "2H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
            (1, "AH 3H AS KS QS JS TS 9S 8S 7S 6S 5S 4S"),
        ],
        3,
    );
    bid_all(&mut s, 3);
    play(&mut s, "2H");
    assert_eq!(s.legal_plays(), set("AH 3H"), "B-12");
    assert!(s.try_play(Card::new_unchecked(id("AS"))).is_err());
}

#[test]
fn b13_without_a_spade_the_highest_card_of_the_led_suit_wins() {
    let r = SpadesRules::default();
    let mut s = state(
        &r,
        &[
            (0, "5H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
            (1, "9H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
            (3, "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
        ],
        3,
    );
    bid_all(&mut s, 3);
    // 5♥ led, 9♥, seat 2 follows low with 2♥, seat 3 (no heart) discards A♦: the off-suit
    // ace does not win, 9♥ does.
    play(&mut s, "5H 9H 2H AD");
    assert_eq!(s.trick_winners(), [1]);
}

const BROKEN_DEAL: [(usize, &str); 4] = [
    (0, "AC 2H AS KS QS JS TS 9S 8S 7S 6S 5S 4S"),
    (1, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3H"),
    (2, "4H 5H 6H 7H 8H 9H TH JH QH KH AH 2D 3D"),
    (3, "2S 3S 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
];

#[test]
fn b3_1_spades_broken_no_spade_lead_until_a_spade_is_played() {
    let r = SpadesRules {
        spades_broken: true,
        ..SpadesRules::default()
    };
    // Trick 1 is won by seat 0 with A♣ and no spade is played; seat 0 then holds spades and
    // 2♥: only 2♥ may be led (EB-6 with spades_broken).
    let mut s = state(&r, &BROKEN_DEAL, 3);
    bid_all(&mut s, 3);
    play(&mut s, "AC 2C 2D 4D");
    assert_eq!(s.trick_winners(), [0]);
    assert!(!s.spades_broken());
    assert_eq!(s.legal_plays(), set("2H"), "B.3 #1");
    // Default rules (spades_broken=false): spades may be led from trick 2 (B-11, B.4 #2).
    let mut d = state(&SpadesRules::default(), &BROKEN_DEAL, 3);
    bid_all(&mut d, 3);
    play(&mut d, "AC 2C 2D 4D");
    assert_eq!(d.legal_plays().count(), 12);
    // Trick 2: 2♥ led, 3♥ and 4♥ follow, seat 3 (no heart) trumps with 2♠ and wins.
    play(&mut s, "2H 3H 4H 2S");
    assert!(s.spades_broken(), "B.3 #1: a spade was played");
    assert_eq!(s.trick_winners(), [0, 3]);
    // Seat 3 leads from 3♠ and diamonds: spades may now be led.
    assert!(s.legal_plays().contains(Card::new_unchecked(id("3S"))));
}

#[test]
fn b3_1_a_forced_all_spade_lead_breaks_spades() {
    let r = SpadesRules {
        spades_broken: true,
        first_trick_no_spade_lead: false,
        ..SpadesRules::default()
    };
    let mut s = state(
        &r,
        &[
            (0, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
            (1, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
            (2, "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
        ],
        3,
    );
    bid_all(&mut s, 3);
    assert_eq!(
        s.legal_plays().count(),
        13,
        "only spades: a spade may be led"
    );
    play(&mut s, "AS 2C 2D");
    play_lowest(&mut s);
    assert!(
        s.spades_broken(),
        "[resolved] a forced all-spade lead breaks spades"
    );
}

#[test]
fn b3_5_jokers_are_the_two_highest_spades() {
    let r = SpadesRules {
        jokers: true,
        ..SpadesRules::default()
    };
    // The deck: 2♣ and 2♦ out, the two jokers in (52 cards).
    let deck = r.deck();
    assert_eq!(deck.count(), 52);
    assert!(!deck.contains(Card::new_unchecked(id("2C"))));
    assert!(!deck.contains(Card::new_unchecked(id("2D"))));
    assert!(deck.contains(Card::new_unchecked(LJ)) && deck.contains(Card::new_unchecked(BJ)));
    let mut s = state(
        &r,
        &[
            (0, "3H AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),
            (1, "LJ 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
            (2, "BJ 4H 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
        ],
        3,
    );
    bid_all(&mut s, 3);
    play(&mut s, "3H");
    // Seat 1 has no heart: trumps with the Little Joker (a spade, B.3 #5).
    play(&mut s, "LJ");
    // Seat 2 holds 4♥: must follow hearts.
    assert_eq!(s.legal_plays(), set("4H"));
    play(&mut s, "4H");
    play_lowest(&mut s);
    assert_eq!(s.trick_winners()[0], 1, "LJ beats every card but BJ");
    assert!(s.spades_broken(), "a joker breaks spades");
    // Seat 1 leads a club; seat 2 has none: anything, the Big Joker included.
    play(&mut s, "3C");
    assert!(s.legal_plays().contains(Card::new_unchecked(BJ)));
}

#[test]
fn eb6_spade_led_follower_with_a_joker_must_play_it() {
    let r = SpadesRules {
        jokers: true,
        first_trick_no_spade_lead: false,
        ..SpadesRules::default()
    };
    let mut s = state(
        &r,
        &[
            (0, "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
            (1, "BJ 4H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
            (2, "LJ 3H 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
        ],
        3,
    );
    bid_all(&mut s, 3);
    play(&mut s, "AS");
    assert_eq!(s.legal_plays(), set("BJ"), "EB-6: jokers are spades");
    play(&mut s, "BJ");
    assert_eq!(s.legal_plays(), set("LJ"));
    play(&mut s, "LJ");
    play_lowest(&mut s);
    assert_eq!(s.trick_winners(), [1], "B.3 #5: BJ > LJ > A♠");
}

#[test]
fn b3_7_the_lowest_club_leads_trick_one() {
    let r = SpadesRules {
        first_lead: FirstLead::LowestClub,
        ..SpadesRules::default()
    };
    let mut s = state(&r, &[(2, "2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")], 3);
    bid_all(&mut s, 3);
    assert_eq!(s.current_player(), Some(2), "B.3 #7: the holder of 2♣");
    assert_eq!(s.legal_plays(), set("2C"));
    let rj = SpadesRules { jokers: true, ..r };
    let mut s = state(&rj, &[(1, "3C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")], 3);
    bid_all(&mut s, 3);
    assert_eq!(
        s.current_player(),
        Some(1),
        "with jokers the lowest club is 3♣"
    );
    assert_eq!(s.legal_plays(), set("3C"));
}

// ------------------------------------------------------------------------------- scoring

fn bid(value: u8) -> Bid {
    Bid {
        value,
        ..Bid::default()
    }
}

fn nil() -> Bid {
    Bid {
        value: 0,
        nil: true,
        ..Bid::default()
    }
}

/// `score_hand` with no bemo trick record, fresh bag counters unless given, no renege.
fn score(r: &SpadesRules, bids: [Bid; 4], tricks: [u8; 4], bags: [i64; 2]) -> ([i64; 2], [i64; 2]) {
    let h = score_hand(r, &bids, tricks, [0, 0], bags, [false, false]);
    (h.scores, h.bags_after)
}

#[test]
fn eb1_made_contracts_overtrick_and_a_made_nil() {
    // Bids P0 4, P1 nil, P2 3, P3 5; tricks 5, 0, 3, 5.
    // Team A: C=7, T=8 → 70 + 1 = 71, 1 bag. Team B: nil +100, C=5, T=5 → 50 → 150.
    let (s, b) = score(
        &SpadesRules::default(),
        [bid(4), nil(), bid(3), bid(5)],
        [5, 0, 3, 5],
        [0, 0],
    );
    assert_eq!(s, [71, 150]);
    assert_eq!(b, [1, 0]);
}

#[test]
fn eb2_b17_set_penalties_and_b20_bag_penalty() {
    // Bids P0 4, P2 2 (C=6); P1 2, P3 3 (C=5). Tricks P0 3, P1 4, P2 1, P3 5.
    // Team A: T=4 < 6. Team B (7 bags before): T=9 → 50 + 4 = 54; bags 11 → −100, 1 left.
    let bids = [bid(4), bid(2), bid(2), bid(3)];
    let tricks = [3, 4, 1, 5];
    for (penalty, team_a) in [
        (SetPenalty::Undertricks, -20),
        (SetPenalty::Bid, -60),
        (SetPenalty::Zero, 0),
    ] {
        let r = SpadesRules {
            set_penalty: penalty,
            ..SpadesRules::default()
        };
        let (s, b) = score(&r, bids, tricks, [0, 7]);
        assert_eq!(s, [team_a, -46], "{penalty:?}");
        assert_eq!(b, [0, 1]);
    }
}

#[test]
fn eb3_b18_b19_failed_nil_and_the_nil_tricks_options() {
    // P0 bids 3 takes 5; P1 nil takes 2; P2 bids 3 takes 3; P3 bids 4 takes 3.
    let bids = [bid(3), nil(), bid(3), bid(4)];
    let tricks = [5, 2, 3, 3];
    let with = |nil_tricks, set_penalty| SpadesRules {
        nil_tricks,
        set_penalty,
        ..SpadesRules::default()
    };
    // bags: B: C=4, T=3 → −10; nil −100; the nil's 2 tricks +2 and 2 bags → −108.
    // A: C=6, T=8 → 62, 2 bags.
    let (s, b) = score(
        &with(NilTricks::Bags, SetPenalty::Undertricks),
        bids,
        tricks,
        [0, 0],
    );
    assert_eq!(s, [62, -108]);
    assert_eq!(b, [2, 2]);
    // set_penalty bid: −40 − 100 + 2 = −138.
    let (s, _) = score(
        &with(NilTricks::Bags, SetPenalty::Bid),
        bids,
        tricks,
        [0, 0],
    );
    assert_eq!(s[1], -138);
    // count_for_partner: T = 3 + 2 = 5 ≥ 4 → 40 + 1 = 41, nil −100 → −59, 1 bag.
    let (s, b) = score(
        &with(NilTricks::CountForPartner, SetPenalty::Undertricks),
        bids,
        tricks,
        [0, 0],
    );
    assert_eq!((s[1], b[1]), (-59, 1));
    // ignored: −10 − 100 = −110, no bag.
    let (s, b) = score(
        &with(NilTricks::Ignored, SetPenalty::Undertricks),
        bids,
        tricks,
        [0, 0],
    );
    assert_eq!((s[1], b[1]), (-110, 0));
}

#[test]
fn b18_blind_nil_scores_blind_nil_value() {
    let blind = Bid {
        value: 0,
        nil: true,
        blind: true,
        bemo: None,
    };
    let r = SpadesRules {
        blind_nil: true,
        blind_nil_value: 200,
        ..SpadesRules::default()
    };
    // P1 blind nil takes 0; P3 bids 4 takes 4 → 200 + 40 = 240. A: C=6 T=9 → 63.
    let (s, _) = score(&r, [bid(3), blind, bid(3), bid(4)], [5, 0, 4, 4], [0, 0]);
    assert_eq!(s, [63, 240]);
    // EB-4: blind_nil_value 100 made → +100 (here with the partner's 40: 140).
    let r100 = SpadesRules {
        blind_nil_value: 100,
        ..r
    };
    let (s, _) = score(&r100, [bid(3), blind, bid(3), bid(4)], [5, 0, 4, 4], [0, 0]);
    assert_eq!(s[1], 140);
}

#[test]
fn b20_bags_carry_over_and_several_penalties_in_one_hand() {
    // Team A bids 1 + 1 and takes 13: C=2, T=13 → 20 + 11 and 11 bags; with 9 before, 20
    // bags → two penalties of 100, 0 left → 31 − 200 = −169 (B-20's "while").
    let r = SpadesRules {
        nil: false,
        ..SpadesRules::default()
    };
    let (s, b) = score(&r, [bid(1), bid(0), bid(1), bid(0)], [7, 0, 6, 0], [9, 0]);
    assert_eq!(s[0], -169);
    assert_eq!(b[0], 0);
    // Team B bid 0 + 0 = C 0 and took 0: a made contract of 0 → 0.
    assert_eq!((s[1], b[1]), (0, 0));
    // bags=false: the overtricks still score +1 each, the counter does not move.
    let off = SpadesRules { bags: false, ..r };
    let (s, b) = score(&off, [bid(1), bid(0), bid(1), bid(0)], [7, 0, 6, 0], [9, 0]);
    assert_eq!((s[0], b[0]), (31, 9));
}

#[test]
fn eb4_ten_for_two_hundred_boston_and_bemo() {
    let ten = SpadesRules {
        ten_for_two_hundred: true,
        ..SpadesRules::default()
    };
    // Bids 6 + 4 = 10: takes 11 → +201 and 1 bag; takes 9 → −200.
    let (s, b) = score(&ten, [bid(6), bid(1), bid(4), bid(1)], [6, 1, 5, 1], [0, 0]);
    assert_eq!((s[0], b[0]), (201, 1));
    let (s, _) = score(&ten, [bid(6), bid(2), bid(4), bid(2)], [5, 2, 4, 2], [0, 0]);
    assert_eq!(s[0], -200);
    // boston: bonus, bids 7 + 6 = 13: 13 tricks → +200; 12 → −200.
    let boston = SpadesRules {
        boston: Boston::Bonus,
        ..SpadesRules::default()
    };
    let h = score_hand(
        &boston,
        &[bid(7), bid(0), bid(6), bid(0)],
        [7, 0, 6, 0],
        [0x1fff, 0],
        [0, 0],
        [false, false],
    );
    assert_eq!(h.scores[0], 200);
    assert_eq!(h.boston, Some(0));
    let (s, _) = score(
        &boston,
        [bid(7), bid(1), bid(6), bid(1)],
        [6, 1, 6, 0],
        [0, 0],
    );
    assert_eq!(s[0], -200);
    // bemo LITTLE: team won tricks 1..6 → +60 on top of 10·C; lost trick 4 → −60.
    let bemo = SpadesRules {
        bemo: true,
        ..SpadesRules::default()
    };
    let little = Bid {
        value: 7,
        bemo: Some(Bemo::Little),
        ..Bid::default()
    };
    let bids = [little, bid(3), bid(1), bid(3)];
    // Team A: C = 8, T = 8 → 80; won tricks 1..6 (bits 0..5) → +60 = 140.
    let h = score_hand(
        &bemo,
        &bids,
        [7, 2, 1, 3],
        [0b11_1111, 0],
        [0, 0],
        [false; 2],
    );
    assert_eq!(h.scores[0], 140);
    // Lost trick 4 (bit 3): 80 − 60 = 20.
    let h = score_hand(
        &bemo,
        &bids,
        [7, 2, 1, 3],
        [0b11_0111, 0b1000],
        [0, 0],
        [false; 2],
    );
    assert_eq!(h.scores[0], 20);
}

#[test]
fn b27_a_reneging_team_scores_minus_ten_per_contract_trick() {
    // Team A (C = 7) reneged: −70 whatever it took, bags unchanged. Team B is scored as
    // usual: C = 6, T = 5 → set, −10.
    let h = score_hand(
        &SpadesRules::default(),
        &[bid(4), bid(3), bid(3), bid(3)],
        [5, 3, 3, 2],
        [0, 0],
        [4, 4],
        [true, false],
    );
    assert_eq!(h.scores, [-70, -10]);
    assert_eq!(h.bags_after, [4, 4]);
}

#[test]
fn play_by_value_returns_the_next_state_or_the_error_and_the_state_unchanged() {
    let r = SpadesRules::default();
    let mut s = state(&r, &[(1, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")], 0);
    bid_all(&mut s, 3);
    let before = s.clone();
    let (e, back) = s.play(Card::new_unchecked(id("2D"))).unwrap_err();
    assert_eq!(e, PlayError::NotHeld(Card::new_unchecked(id("2D"))));
    assert_eq!(back, before);
    let next = back.play(Card::new_unchecked(id("2C"))).unwrap();
    assert_eq!(next.plays().count(), 1);
}
