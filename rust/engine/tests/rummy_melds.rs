//! Meld validation and generation (docs/rules/rummy.md C-6..C-9) against a brute-force enumerator:
//! on small hands, every permutation of every sub-multiset is checked with the validator,
//! and the valid ones must be exactly what the generator lists. Plus EC-1.

use hearts_engine::rummy::{
    all_melds, card_usable, is_valid_meld, meld_value, usable_cards, Multiset, RummyRules, JOKER,
};
use hearts_engine::Rng;
use std::collections::BTreeSet;

fn permutations(items: &[u8], out: &mut BTreeSet<Vec<u8>>, rules: &RummyRules) {
    fn rec(rest: &mut Vec<u8>, cur: &mut Vec<u8>, out: &mut BTreeSet<Vec<u8>>, r: &RummyRules) {
        if cur.len() >= 3 && is_valid_meld(r, cur) {
            out.insert(cur.clone());
        }
        let mut seen = BTreeSet::new();
        for i in 0..rest.len() {
            let c = rest[i];
            if !seen.insert(c) {
                continue;
            }
            rest.remove(i);
            cur.push(c);
            rec(rest, cur, out, r);
            cur.pop();
            rest.insert(i, c);
        }
    }
    rec(&mut items.to_vec(), &mut Vec::new(), out, rules);
}

fn brute_force(rules: &RummyRules, hand: &[u8], allow_jokers: bool) -> Vec<Vec<u8>> {
    let cards: Vec<u8> = hand
        .iter()
        .copied()
        .filter(|&c| allow_jokers || c != JOKER)
        .collect();
    let mut out = BTreeSet::new();
    permutations(&cards, &mut out, rules);
    out.into_iter().collect()
}

/// Small hands drawn from a few ranks of two suits (aces and Q♠ included), duplicates and
/// jokers, so that sets, runs, wrap attempts and both aces all occur.
fn small_hand(rng: &mut Rng, size: usize) -> Vec<u8> {
    let pool: Vec<u8> = [0u8, 1, 2, 10, 11, 12, 39, 40, 47, 48, 49, 50, 51, 13, 25]
        .iter()
        .flat_map(|&c| [c, c])
        .chain([JOKER; 4])
        .collect();
    let mut idx: Vec<usize> = (0..pool.len()).collect();
    rng.shuffle(&mut idx);
    let mut h: Vec<u8> = idx[..size].iter().map(|&i| pool[i]).collect();
    h.sort_unstable();
    h
}

#[test]
fn c6_c8_generation_equals_brute_force_on_small_hands() {
    let mut rng = Rng::new(17);
    let limits = [Some(1u8), None];
    let mut found = 0;
    for case in 0..400 {
        let rules = RummyRules {
            max_jokers_per_meld: limits[case % 2],
            ..RummyRules::default()
        };
        let size = 3 + case % 4;
        let hand = small_hand(&mut rng, size);
        for allow in [false, true] {
            let got = all_melds(&rules, &Multiset::from_ids(&hand), allow);
            let want = brute_force(&rules, &hand, allow);
            assert_eq!(got, want, "hand {hand:?} jokers {allow} rules {rules:?}");
            found += got.len();
        }
    }
    assert!(
        found > 300,
        "the hands should hold many melds, found {found}"
    );
}

#[test]
fn c6_c8_long_runs_and_big_sets_by_brute_force() {
    // Seven cards of one suit around the aces, with jokers: runs up to the full length.
    let rules = RummyRules::default();
    for hand in [
        vec![38u8, 38, 26, 27, 37, 36, JOKER],
        vec![12u8, 0, 1, 2, 3, JOKER, JOKER],
        vec![9u8, 22, 35, 48, 9, 22, JOKER],
    ] {
        let got = all_melds(&rules, &Multiset::from_ids(&hand), true);
        assert_eq!(got, brute_force(&rules, &hand, true), "hand {hand:?}");
    }
}

#[test]
fn ec1_meld_and_value_examples() {
    let r = RummyRules::default();
    let h = |v: &[u8]| v.to_vec();
    // 10♥ J♥ Q♥ = 30.
    assert!(is_valid_meld(&r, &h(&[34, 35, 36])));
    assert_eq!(meld_value(&r, &[34, 35, 36]), 30);
    // 7♣ 7♦ 7♥ = 21; A♠ 2♠ 3♠ = 6.
    assert_eq!(meld_value(&r, &[5, 18, 31]), 21);
    assert_eq!(meld_value(&r, &[51, 39, 40]), 6);
    // Q♦ K♦ A♦ = 31; J♠ Q♠ K♠ = 170.
    assert_eq!(meld_value(&r, &[23, 24, 25]), 31);
    assert_eq!(meld_value(&r, &[48, 49, 50]), 170);
    // 5♥ 5♥ 5♠: a set with duplicates, 15.
    assert!(is_valid_meld(&r, &[29, 29, 42]));
    assert_eq!(meld_value(&r, &[29, 29, 42]), 15);
    // K♣ A♣ 2♣: no wrap.
    assert!(!is_valid_meld(&r, &[11, 12, 0]));
    // A♥ 2♥ … K♥ A♥: 14 cards, 96.
    let full: Vec<u8> = std::iter::once(38).chain(26..=38).collect();
    assert!(is_valid_meld(&r, &full));
    assert_eq!(meld_value(&r, &full), 96);
    // JK 9♣ 10♣ = 69; JK JK 9♣ refused with one joker per meld.
    assert!(is_valid_meld(&r, &[JOKER, 7, 8]));
    assert_eq!(meld_value(&r, &[JOKER, 7, 8]), 69);
    assert!(!is_valid_meld(&r, &[7, JOKER, JOKER]));
    assert!(!is_valid_meld(&r, &[JOKER, JOKER, 7]));
    // Not canonical: a set out of order, a run out of order.
    assert!(!is_valid_meld(&r, &[42, 29, 29]));
    assert!(!is_valid_meld(&r, &[35, 34, 36]));
}

#[test]
fn c7_fourteen_card_run_with_one_ace_and_a_joker() {
    // 2♣..K♣, one A♣ and a joker: the joker may be either ace of the 14-card run.
    let rules = RummyRules::default();
    let mut hand: Vec<u8> = (0..12).collect();
    hand.extend([12, JOKER]);
    let melds = all_melds(&rules, &Multiset::from_ids(&hand), true);
    let low: Vec<u8> = std::iter::once(JOKER).chain(0..=12).collect();
    let high: Vec<u8> = std::iter::once(12).chain(0..12).chain([JOKER]).collect();
    assert!(melds.contains(&low) && melds.contains(&high));
    assert!(is_valid_meld(&rules, &low) && is_valid_meld(&rules, &high));
    // Without the joker no 14-card run; without the ace only the joker-low one is absent.
    let no_joker = all_melds(&rules, &Multiset::from_ids(&hand[..13]), true);
    assert!(no_joker.iter().all(|m| m.len() < 14));
}

#[test]
fn usable_cards_are_the_cards_of_the_generated_melds() {
    let mut rng = Rng::new(5);
    let mut deck: Vec<u8> = (0..52u8).flat_map(|c| [c, c]).chain([JOKER; 4]).collect();
    for case in 0..3000 {
        let rules = RummyRules {
            max_jokers_per_meld: if case % 3 == 0 { None } else { Some(1) },
            ..RummyRules::default()
        };
        rng.shuffle(&mut deck);
        let size = 5 + case % 20;
        // Half the hands from one suit and a few ranks, so long runs and sets occur.
        let hand: Vec<u8> = if case % 2 == 0 {
            deck[..size].to_vec()
        } else {
            deck.iter()
                .copied()
                .filter(|&c| c == JOKER || c < 13 || c % 13 < 3)
                .take(size)
                .collect()
        };
        let m = Multiset::from_ids(&hand);
        let mut want = 0u64;
        for meld in all_melds(&rules, &m, true) {
            for c in meld {
                if c != JOKER {
                    want |= 1 << c;
                }
            }
        }
        assert_eq!(usable_cards(&rules, &m), want, "hand {hand:?}");
        for c in 0..52u8 {
            assert_eq!(
                card_usable(&rules, &m, true, c),
                want >> c & 1 != 0,
                "{c} in {hand:?}"
            );
        }
    }
}

/// C-5: a joker standing for the low ace of a run keeps its joker value; only a natural low
/// ace counts 1. (The engine's internal consistency check once treated the joker-led run as
/// a natural low ace and failed in debug builds; found by the property tests.)
#[test]
fn c5_joker_as_the_low_ace_keeps_its_value() {
    let r = RummyRules::default();
    let jk = JOKER;
    let (c2, c3, ca) = (0u8, 1u8, 12u8); // 2♣ 3♣ A♣
    assert!(is_valid_meld(&r, &[jk, c2, c3]));
    assert_eq!(meld_value(&r, &[jk, c2, c3]), 50 + 2 + 3);
    assert_eq!(meld_value(&r, &[ca, c2, c3]), 1 + 2 + 3);
}

#[test]
fn multiset_len_and_held_masks_count_every_byte() {
    let mut rng = Rng::new(11);
    for case in 0..2000u32 {
        let mut m = Multiset::EMPTY;
        for slot in &mut m.0 {
            // Mostly deck-like counts, sometimes any byte.
            *slot = if case % 7 == 0 {
                rng.below(256) as u8
            } else {
                rng.below(3) as u8
            };
        }
        let want: usize = m.0.iter().map(|&c| usize::from(c)).sum();
        assert_eq!(m.len(), want);
        for k in 1..=4u8 {
            let want = (0..52u8).fold(0u64, |acc, c| acc | u64::from(m.count(c) >= k) << c);
            assert_eq!(m.faces_held(k), want, "k = {k}, {m:?}");
        }
    }
}
