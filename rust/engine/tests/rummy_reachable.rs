//! Positions play cannot reach (docs/rules/rummy.md C-2, C-3, C-15 … C-19): refused by the
//! deal check and the text reader, caught by `check_position`, and reported by the policies
//! as an error rather than a panic or an endless loop.

mod common;

use common::card_ids as ids;
use hearts_engine::rummy::policy::{act, play_out, policy_action, NoLegalAction, RummyPolicy};
use hearts_engine::rummy::{
    check_deal, check_position, Action, Multiset, Phase, RummyRules, RummyState,
};
use hearts_engine::Rng;

const QS: u8 = 49;

fn two_players(hand_size: u8) -> RummyRules {
    RummyRules {
        players: 2,
        hand_size,
        ..RummyRules::default()
    }
}

/// A two-player hand (dealer 0, seat 1 plays first) from hands and a stock, the pile empty,
/// without the deal check: what a reader would build if it let the deal through.
fn unchecked(rules: &RummyRules, hands: &[Vec<u8>], stock: &[u8]) -> RummyState {
    RummyState::new(
        rules,
        hands,
        stock,
        Some(&[]),
        0,
        0,
        vec![0, 0],
        Rng::new(1),
        true,
    )
}

/// Seat 0 holds `hand`, seat 1 the next cards of the deck, the stock the rest with `top`
/// on top.
fn deal(rules: &RummyRules, hand: &[u8], top: &[u8]) -> (Vec<Vec<u8>>, Vec<u8>) {
    let mut left = Multiset::deck();
    for &c in hand.iter().chain(top) {
        left.remove(c);
    }
    let rest = left.to_vec();
    let n = usize::from(rules.hand_size);
    let other = rest[..n].to_vec();
    let stock = top.iter().chain(&rest[n..]).copied().collect();
    (vec![hand.to_vec(), other], stock)
}

#[test]
fn c2_a_deal_with_more_copies_than_the_deck_holds_is_refused_before_counting_can_wrap() {
    let r = two_players(3);
    let (hands, mut stock) = deal(&r, &ids("2C 3C 4C"), &[]);
    assert!(check_deal(&r, &hands, &stock, &[]).is_ok());
    // 7C (id 5) 2 + 256 times: a one-byte count would read 2 again.
    stock.extend([5; 256]);
    let e = check_deal(&r, &hands, &stock, &[]).expect_err("364 cards are not the deck");
    assert!(e.0.contains("258 times"), "{}", e.0);
    assert_eq!(Multiset::within_deck(&[5; 258]), Err((5, 258)));
    assert_eq!(Multiset::within_deck(&[5; 256]), Err((5, 256)));
    let two = Multiset::within_deck(&[5, 5]).expect("two 7♣ are in the deck");
    assert_eq!((two.count(5), two.len()), (2, 2));
}

#[test]
fn c2_a_text_whose_deal_holds_too_many_copies_is_refused() {
    let r = two_players(3);
    let (hands, stock) = deal(&r, &ids("2C 3C 4C"), &[]);
    let text = unchecked(&r, &hands, &stock).to_text();
    assert!(RummyState::from_text(&text).is_ok());
    let extra = format!(" stock={}", vec!["7C"; 256].join(","));
    let bad = text.replacen(" stock=", &format!("{extra},"), 1);
    let e = RummyState::from_text(&bad).expect_err("a 364-card deal");
    assert!(e.to_string().contains("258 times"), "{e}");
}

#[test]
fn c3_c18_a_hand_moved_into_the_stock_is_not_a_reachable_position() {
    let r = two_players(3);
    let (hands, stock) = deal(&r, &ids("2C 3C 4C"), &[]);
    assert!(check_position(&unchecked(&r, &hands, &stock)).is_ok());
    // Seat 1's cards moved onto the stock.
    let moved: Vec<u8> = hands[1].iter().chain(&stock).copied().collect();
    let s = unchecked(&r, &[hands[0].clone(), Vec::new()], &moved);
    let e = check_position(&s).expect_err("seat 1 holds no card");
    assert!(e.0.contains("seat 1"), "{e}");
}

/// Seat 1 (to play) holds nothing and the stock's top is Q♠: after the draw and `end` it
/// holds only [Q♠], which it may not discard (C-16) — a dead end that only an unchecked deal
/// reaches.
fn dead_end() -> RummyState {
    let r = two_players(3);
    let (hands, stock) = deal(&r, &ids("2C 3C 4C"), &[QS]);
    let stock: Vec<u8> = stock.iter().chain(&hands[1]).copied().collect();
    let mut s = unchecked(&r, &[hands[0].clone(), Vec::new()], &stock);
    s.apply_unchecked(&Action::Draw);
    s.apply_unchecked(&Action::End);
    assert_eq!(s.hands()[1].to_vec(), [QS]);
    assert!(s.legal_actions().is_empty() && !s.is_over());
    s
}

#[test]
fn c15_c16_a_position_without_a_legal_action_is_caught() {
    let e = check_position(&dead_end()).expect_err("a dead end");
    assert!(e.0.contains("seat 1"), "{e}");
}

#[test]
fn c16_policies_report_a_position_without_a_legal_action_instead_of_panicking_or_looping() {
    let none = NoLegalAction(Phase::Discard);
    for &policy in RummyPolicy::ALL {
        let mut s = dead_end();
        let mut rng = Rng::new(3);
        assert_eq!(policy_action(policy, &s, &mut rng), Err(none));
        assert_eq!(act(&[policy; 2], &mut s, &mut rng), Err(none));
        assert_eq!(play_out(&[policy; 2], &mut s, &mut rng), Err(none));
    }
    let msg = NoLegalAction(Phase::Discard).to_string();
    assert!(
        msg.contains("no legal action in the discard phase"),
        "{msg}"
    );
}
