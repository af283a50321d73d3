//! Rummy "La Dame de Pique" rule logic (docs/rules/rummy.md) through the public API: card and meld
//! values (C-5, C-9), the turn (C-3, C-10), the opening (C-11), the pile pickup (C-12, EC-2),
//! laying off (C-13), jokers only after the opening turn (C-8), the Q♠ rules and the blocked
//! player (C-15..C-17, EC-3), going out (C-18), stock exhaustion (C-19) and scores (C-20).
//!
//! Every position is reached by real play from a scripted deal (`RummyState::new` with
//! explicit hands, stock and pile), and every expected value is worked out by hand from
//! docs/rules/rummy.md, never taken from the engine. Card ids: `suit * 13 + rank` with clubs 0,
//! diamonds 1, hearts 2, spades 3, rank 0 = "2" … 12 = "A"; the joker is 52.

mod common;

use common::{card_id as id, card_ids as ids};
use hearts_engine::rummy::{
    card_value, check_deal, is_valid_meld, meld_value, Action, End, Multiset, Phase, RummyRules,
    RummyState, StockExhausted, JOKER,
};
use hearts_engine::Rng;

const QS: u8 = 49;

/// A hand from explicit hands, the top of the stock (top first; the rest of the 108 cards
/// follow in id order) and the pile (bottom first). The first player is left of `dealer`.
fn setup(
    rules: &RummyRules,
    hands: &[&str],
    stock_top: &str,
    pile: &str,
    dealer: u8,
) -> RummyState {
    let hands: Vec<Vec<u8>> = hands.iter().map(|h| ids(h)).collect();
    setup_ids(rules, &hands, stock_top, pile, dealer)
}

fn setup_ids(
    rules: &RummyRules,
    hands: &[Vec<u8>],
    stock_top: &str,
    pile: &str,
    dealer: u8,
) -> RummyState {
    let (top, pile) = (ids(stock_top), ids(pile));
    let mut left = Multiset::deck();
    for &c in hands.iter().flatten().chain(&top).chain(&pile) {
        left.remove(c);
    }
    let stock: Vec<u8> = top.into_iter().chain(left.to_vec()).collect();
    check_deal(rules, hands, &stock, &pile).expect("a valid deal");
    let zeros = vec![0; usize::from(rules.players)];
    RummyState::new(
        rules,
        hands,
        &stock,
        Some(&pile),
        dealer,
        0,
        zeros,
        Rng::new(1),
        false,
    )
}

fn rules(players: u8, hand_size: u8) -> RummyRules {
    RummyRules {
        players,
        hand_size,
        ..RummyRules::default()
    }
}

fn hand(s: &RummyState, seat: usize) -> Vec<u8> {
    s.hands()[seat].to_vec()
}

fn apply(s: &mut RummyState, a: &Action) {
    s.try_apply(a).unwrap_or_else(|e| panic!("{e}"));
}

/// Draw, end melding, discard `card`: a plain turn.
fn plain_turn(s: &mut RummyState, card: &str) {
    apply(s, &Action::Draw);
    apply(s, &Action::End);
    apply(s, &Action::Discard(id(card)));
}

/// The melds of the legal actions that `melds` accepts, sorted.
fn legal_melds(s: &RummyState, melds: fn(Action) -> Option<Vec<Vec<u8>>>) -> Vec<Vec<Vec<u8>>> {
    let mut v: Vec<Vec<Vec<u8>>> = s.legal_actions().into_iter().filter_map(melds).collect();
    v.sort();
    v
}

/// The legal openings (C-11).
fn opens(s: &RummyState) -> Vec<Vec<Vec<u8>>> {
    legal_melds(s, |a| match a {
        Action::Open(ms) => Some(ms),
        _ => None,
    })
}

/// The legal pile pickups (C-12).
fn pile_takes(s: &RummyState) -> Vec<Vec<Vec<u8>>> {
    legal_melds(s, |a| match a {
        Action::TakePile(ms) => Some(ms),
        _ => None,
    })
}

fn discards(s: &RummyState) -> Vec<u8> {
    let mut v: Vec<u8> = s
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some(c),
            _ => None,
        })
        .collect();
    v.sort_unstable();
    v
}

// ------------------------------------------------------------------------------- values

#[test]
fn c5_card_values() {
    let r = RummyRules::default();
    for (card, value) in [
        ("AC", 11),
        ("2D", 2),
        ("9H", 9),
        ("TS", 10),
        ("JC", 10),
        ("QH", 10),
        ("KD", 10),
        ("QS", 150),
        ("JK", 50),
    ] {
        assert_eq!(card_value(&r, id(card)), value, "C-5 {card}");
    }
    // C.1: q_spades_value and joker_value are parameters.
    let r2 = RummyRules {
        q_spades_value: 100,
        joker_value: 25,
        ..r
    };
    assert_eq!(card_value(&r2, QS), 100);
    assert_eq!(card_value(&r2, JOKER), 25);
}

#[test]
fn c5_c6_c9_aces_count_eleven_in_sets_and_at_the_top_of_a_run() {
    let r = RummyRules::default();
    // A♣ A♦ A♥: a set, 3 × 11 = 33.
    assert_eq!(meld_value(&r, &ids("AC AD AH")), 33);
    // Q♦ K♦ A♦ = 10 + 10 + 11; A♦ 2♦ 3♦ = 1 + 2 + 3.
    assert_eq!(meld_value(&r, &ids("QD KD AD")), 31);
    assert_eq!(meld_value(&r, &ids("AD 2D 3D")), 6);
    // C-6: at most 8 cards in a set.
    let eight = ids("5C 5C 5D 5D 5H 5H 5S 5S");
    assert!(is_valid_meld(&r, &eight));
    assert_eq!(meld_value(&r, &eight), 40);
    let mut nine = ids("5C 5C 5D 5D 5H 5H 5S 5S");
    nine.push(JOKER);
    assert!(!is_valid_meld(&r, &nine), "C-6: jokers count toward the 8");
    // C-8: at least 2 naturals, also with unlimited jokers.
    let unlimited = RummyRules {
        max_jokers_per_meld: None,
        ..r
    };
    assert!(is_valid_meld(
        &unlimited,
        &[id("9C"), id("TC"), JOKER, JOKER]
    ));
    assert!(!is_valid_meld(&unlimited, &[id("9C"), JOKER, JOKER]));
}

#[test]
fn c5_c9_a_joker_standing_for_the_low_ace_is_worth_the_joker_value() {
    // [JK 2♣ 3♣]: the joker stands for A♣ in the low position; C-5 gives a joker 50
    // wherever it lies, so the meld is 50 + 2 + 3.
    let r = RummyRules::default();
    let m = [JOKER, id("2C"), id("3C")];
    assert!(is_valid_meld(&r, &m));
    assert_eq!(meld_value(&r, &m), 55);
}

// ------------------------------------------------------------------------------- turns

#[test]
fn c3_c10_first_player_left_of_the_dealer_draws_from_the_stock() {
    let r = rules(3, 3);
    let mut s = setup(&r, &["2C 5D 9H", "3C 6D TH", "4C 7D JH"], "KS", "8S", 1);
    assert_eq!(s.current_player(), Some(2), "C-3: left of dealer 1");
    assert_eq!(s.phase(), Phase::Draw);
    // 8♠ on the pile makes no meld with seat 2's cards: only the draw (C-10, C-12).
    assert_eq!(s.legal_actions(), vec![Action::Draw]);
    apply(&mut s, &Action::Draw);
    assert_eq!(hand(&s, 2), ids("4C 7D JH KS"), "C-10: the top stock card");
    assert_eq!(s.phase(), Phase::Meld);
    apply(&mut s, &Action::End);
    // C-16: any card but Q♠ (there is none here).
    assert_eq!(discards(&s), ids("4C 7D JH KS"));
    apply(&mut s, &Action::Discard(id("JH")));
    assert_eq!(s.pile(), &ids("8S JH")[..], "C-16: face up onto the pile");
    assert_eq!(s.current_player(), Some(0), "clockwise");
}

#[test]
fn c11_c15_openings_reach_30_in_natural_melds_and_keep_a_discard() {
    // Seat 0 holds T♥ J♥ Q♥ Q♠ and draws K♥. Natural melds: T♥J♥Q♥ (30), J♥Q♥K♥ (30),
    // T♥J♥Q♥K♥ (40). The last would leave only Q♠, which cannot be discarded (C-15).
    let r = rules(2, 4);
    let mut s = setup(&r, &["TH JH QH QS", "2C 5D 8S 4H"], "KH", "2D", 1);
    apply(&mut s, &Action::Draw);
    assert_eq!(
        opens(&s),
        vec![vec![ids("TH JH QH")], vec![ids("JH QH KH")]]
    );
    // C-11: with opening_min 31 no 30-point opening is left, and 40 is barred by C-15.
    let r31 = RummyRules {
        opening_min: 31,
        ..r
    };
    let mut t = setup(&r31, &["TH JH QH QS", "2C 5D 8S 4H"], "KH", "2D", 1);
    apply(&mut t, &Action::Draw);
    assert!(opens(&t).is_empty());
    assert_eq!(t.legal_actions(), vec![Action::End]);
}

#[test]
fn c11_seven_sevens_and_a_low_run_total_27_refused() {
    // EC-1: [7♣ 7♦ 7♥] (21) + [A♠ 2♠ 3♠] (6) = 27 < 30.
    let r = rules(2, 6);
    let hands = ["7C 7D 7H AS 2S 3S", "2C 5D 8S 4H 9D JC"];
    let mut s = setup(&r, &hands, "KC", "2D", 1);
    apply(&mut s, &Action::Draw);
    assert!(opens(&s).is_empty(), "C-11");
    // With opening_min 27 both together open, and neither alone (21, 6).
    let r27 = RummyRules {
        opening_min: 27,
        ..r
    };
    let mut t = setup(&r27, &hands, "KC", "2D", 1);
    apply(&mut t, &Action::Draw);
    assert_eq!(opens(&t), vec![vec![ids("7C 7D 7H"), ids("AS 2S 3S")]]);
}

#[test]
fn c16_c17_ec3_a_lone_queen_of_spades_that_fits_no_meld_blocks() {
    let r = rules(2, 4);
    // Stock: K♥ (seat 0), 9♣ (seat 1), 3♣ (seat 0), 9♦ (seat 1), Q♠ (seat 0).
    let mut s = setup(
        &r,
        &["TH JH QH QS", "2C 5D 8S 4H"],
        "KH 9C 3C 9D QS",
        "2D",
        1,
    );
    apply(&mut s, &Action::Draw);
    apply(&mut s, &Action::Open(vec![ids("TH JH QH")]));
    // Laying K♥ off would leave only Q♠ (C-15): melding is over.
    assert_eq!(s.legal_actions(), vec![Action::End]);
    apply(&mut s, &Action::End);
    assert_eq!(discards(&s), ids("KH"), "C-16: never Q♠");
    apply(&mut s, &Action::Discard(id("KH")));
    assert_eq!(hand(&s, 0), vec![QS]);
    assert!(s.blocked()[0], "C-17: [Q♠] fits no meld of seat 0");
    plain_turn(&mut s, "9C");
    // C-17: a blocked player only draws from the stock (no pile, though K♥ lies there)…
    assert_eq!(s.legal_actions(), vec![Action::Draw]);
    apply(&mut s, &Action::Draw);
    // … and discards that same card.
    assert_eq!(s.legal_actions(), vec![Action::Discard(id("3C"))]);
    apply(&mut s, &Action::Discard(id("3C")));
    assert_eq!(hand(&s, 0), vec![QS]);
    plain_turn(&mut s, "9D");
    // EC-3: he draws the second Q♠ and discards it (the C-16 exception), keeping the other.
    apply(&mut s, &Action::Draw);
    assert_eq!(s.legal_actions(), vec![Action::Discard(QS)]);
    apply(&mut s, &Action::Discard(QS));
    assert_eq!(hand(&s, 0), vec![QS]);
    assert!(s.blocked()[0], "C-17: the block is permanent");
}

#[test]
fn c13_c17_ec3_a_lone_queen_that_fits_is_laid_off_next_turn_to_go_out() {
    // opening_min 29 lets 9♠ T♠ J♠ (29) open on its own (C.1 parameter).
    let r = RummyRules {
        opening_min: 29,
        ..rules(2, 4)
    };
    let mut s = setup(&r, &["9S TS JS QS", "2C 5D 8S 4H"], "2C 9C 4H", "2D", 1);
    apply(&mut s, &Action::Draw);
    apply(&mut s, &Action::Open(vec![ids("9S TS JS")]));
    apply(&mut s, &Action::End);
    apply(&mut s, &Action::Discard(id("2C")));
    assert_eq!(hand(&s, 0), vec![QS]);
    assert!(!s.blocked()[0], "C-17: Q♠ fits the top of 9♠ T♠ J♠");
    plain_turn(&mut s, "9C");
    apply(&mut s, &Action::Draw); // 4♥
    let lay = Action::LayOff(0, QS, End::High);
    assert!(s.legal_actions().contains(&lay), "C-13: onto his own meld");
    apply(&mut s, &lay);
    assert_eq!(s.melds()[0], vec![ids("9S TS JS QS")]);
    apply(&mut s, &Action::End);
    apply(&mut s, &Action::Discard(id("4H")));
    // C-18: out; the hand ends at once.
    assert_eq!(s.went_out(), Some(0));
    assert_eq!(s.phase(), Phase::Over);
    assert!(s.legal_actions().is_empty());
    // C-20: seat 0: 9 + 10 + 10 + 150 = 179 on the table, nothing in hand. Seat 1 holds
    // 2♣ 5♦ 8♠ 4♥ (2 + 5 + 8 + 4 = 19) plus nothing else (it discarded what it drew).
    assert_eq!(s.hand_scores(), vec![179, -19]);
}

#[test]
fn c16_c18_the_last_card_is_never_a_queen_of_spades() {
    // Seat 0 holds T♥ J♥ Q♥ and draws Q♠: opening would leave only Q♠, so no opening
    // (C-15), and the discard may be anything but Q♠ (C-16).
    let r = rules(2, 3);
    let mut s = setup(&r, &["TH JH QH", "2C 5D 8S"], "QS", "2D", 1);
    apply(&mut s, &Action::Draw);
    assert_eq!(s.legal_actions(), vec![Action::End]);
    apply(&mut s, &Action::End);
    assert_eq!(discards(&s), ids("TH JH QH"));
}

#[test]
fn c18_c20_going_out_ends_the_hand_and_scores_melds_minus_hand() {
    let r = rules(2, 3);
    let mut s = setup(&r, &["TH JH QH", "QS AC JK"], "2C", "2D", 1);
    apply(&mut s, &Action::Draw);
    apply(&mut s, &Action::Open(vec![ids("TH JH QH")]));
    apply(&mut s, &Action::End);
    apply(&mut s, &Action::Discard(id("2C")));
    assert_eq!(s.went_out(), Some(0));
    assert_eq!(s.phase(), Phase::Over);
    // C-20: seat 0 +30 (the face-down last card counts 0); seat 1 never opened and holds
    // Q♠ 150 + A♣ 11 + JK 50 = 211.
    assert_eq!(s.hand_scores(), vec![30, -211]);
}

#[test]
fn c8_jokers_wait_until_the_turn_after_the_opening() {
    let r = rules(2, 6);
    let mut s = setup(
        &r,
        &["TH JH QH 5C 6C JK", "2C 5D 8S 4H 9D JC"],
        "2D 9C 8D",
        "3D",
        1,
    );
    apply(&mut s, &Action::Draw);
    // No opening holds the joker (C-11).
    assert!(opens(&s).iter().flatten().all(|m| !m.contains(&JOKER)));
    apply(&mut s, &Action::Open(vec![ids("TH JH QH")]));
    // Still the opening turn: no joker placed, so no meld with it and no joker lay-off.
    let placing_joker = |s: &RummyState| {
        s.legal_actions().into_iter().any(|a| match a {
            Action::Meld(m) => m.contains(&JOKER),
            Action::LayOff(_, c, _) => c == JOKER,
            _ => false,
        })
    };
    assert!(!placing_joker(&s), "C-8, C-11: not in the opening turn");
    apply(&mut s, &Action::End);
    apply(&mut s, &Action::Discard(id("2D")));
    plain_turn(&mut s, "9C");
    apply(&mut s, &Action::Draw); // 8♦
                                  // The next turn: 5♣ 6♣ JK (the joker as 7♣ or as 4♣) and JK onto the heart run.
    let legal = s.legal_actions();
    assert!(legal.contains(&Action::Meld(vec![id("5C"), id("6C"), JOKER])));
    assert!(legal.contains(&Action::Meld(vec![JOKER, id("5C"), id("6C")])));
    assert!(legal.contains(&Action::LayOff(0, JOKER, End::High)));
    assert!(legal.contains(&Action::LayOff(0, JOKER, End::Low)));
}

// ------------------------------------------------------------------------------- the pile

#[test]
fn c12_ec2_an_unopened_player_takes_the_pile_with_an_opening() {
    // EC-2: pile (bottom → top) 3♣ K♦ 9♠ 7♥; seat 0 holds 5♥ 6♥ K♣ K♠ K♥ (+ 2♣ 9♦):
    // [5♥ 6♥ 7♥] (18) + [K♣ K♥ K♠] (30) = 48 ≥ 30.
    let r = rules(2, 7);
    let deal = ["5H 6H KC KS KH 2C 9D", "2D 4C 8S 3H JC 6D 4S"];
    let mut s = setup(&r, &deal, "5C", "3C KD 9S 7H", 1);
    let take = vec![ids("5H 6H 7H"), ids("KC KH KS")];
    assert_eq!(pile_takes(&s), vec![take.clone()]);
    apply(&mut s, &Action::TakePile(take));
    // The meld goes down, the rest of the pile comes into the hand (C-12).
    assert_eq!(s.melds()[0], vec![ids("5H 6H 7H"), ids("KC KH KS")]);
    let mut want = ids("2C 9D 3C KD 9S");
    want.sort_unstable();
    assert_eq!(hand(&s, 0), want);
    assert!(s.pile().is_empty());
    assert!(s.opened()[0]);
    assert_eq!(s.phase(), Phase::Meld);
    // Only 5♥ 6♥ toward melds: 18 < 30, no pickup (EC-2).
    let t = setup(
        &r,
        &["5H 6H KC KS 2C 9D 4D", deal[1]],
        "5C",
        "3C KD 9S 7H",
        1,
    );
    assert!(pile_takes(&t).is_empty());
    assert_eq!(t.legal_actions(), vec![Action::Draw]);
    // C-11 raised to 50: 48 is not enough.
    let r50 = RummyRules {
        opening_min: 50,
        ..r
    };
    assert!(pile_takes(&setup(&r50, &deal, "5C", "3C KD 9S 7H", 1)).is_empty());
}

#[test]
fn c12_ec2_an_opened_player_takes_the_pile_with_a_new_meld_only() {
    let r = rules(2, 7);
    // Seat 0 opens with K♣ K♥ K♠ and keeps 5♥ 6♥; seat 1 then discards 7♥ or K♦.
    let deal = ["KC KH KS 5H 6H 2C 9D", "7H KD 8S 3H JC 6D 4S"];
    let start = |discard: &str| {
        let mut s = setup(&r, &deal, "8C 2S", "3C", 1);
        apply(&mut s, &Action::Draw); // 8♣
        apply(&mut s, &Action::Open(vec![ids("KC KH KS")]));
        apply(&mut s, &Action::End);
        apply(&mut s, &Action::Discard(id("2C")));
        apply(&mut s, &Action::Draw); // seat 1: 2♠
        apply(&mut s, &Action::End);
        apply(&mut s, &Action::Discard(id(discard)));
        s
    };
    // 7♥ on top: [5♥ 6♥ 7♥] from his hand (EC-2, first case).
    let s = start("7H");
    assert_eq!(pile_takes(&s), vec![vec![ids("5H 6H 7H")]]);
    // K♦ on top only fits his K♣ K♥ K♠ on the table: no new meld, no pickup (C-12).
    let s = start("KD");
    assert!(pile_takes(&s).is_empty());
    assert_eq!(s.legal_actions(), vec![Action::Draw]);
}

#[test]
fn c12_a_joker_on_top_is_only_for_an_opened_player() {
    let r = rules(2, 4);
    // Seat 0 could meld 9♣ T♣ JK but has not opened.
    let s = setup(&r, &["9C TC 2D 5H", "2C 5D 8S 4H"], "KC", "3D JK", 1);
    assert!(pile_takes(&s).is_empty(), "C-12");
}

// ------------------------------------------------------------------------------- the stock

#[test]
fn c19_an_empty_stock_ends_the_hand_or_is_reshuffled() {
    // 6 players × 17 cards + 1 on the pile leaves 5 cards in the stock: the 102 cards left
    // once 2♠ 3♠ 4♠ 5♠ 6♠ (the stock) and 7♦ (the pile) are set aside, 17 per seat.
    let mut left = Multiset::deck();
    for &c in &ids("2S 3S 4S 5S 6S 7D") {
        left.remove(c);
    }
    let hands: Vec<Vec<u8>> = left.to_vec().chunks(17).map(<[u8]>::to_vec).collect();
    for exhausted in [StockExhausted::EndHand, StockExhausted::Reshuffle] {
        let r = RummyRules {
            stock_exhausted: exhausted,
            ..rules(6, 17)
        };
        let mut s = setup_ids(&r, &hands, "2S 3S 4S 5S 6S", "7D", 5);
        assert_eq!(s.stock_size(), 5);
        for card in ["2S", "3S", "4S", "5S", "6S"] {
            plain_turn(&mut s, card);
        }
        match exhausted {
            StockExhausted::EndHand => {
                assert_eq!(s.stock_size(), 0);
                // C-19: the next player must draw from an empty stock: the hand ends,
                // nobody out, and is scored by C-20 (no melds: minus the hand).
                assert_eq!(s.phase(), Phase::Over);
                assert_eq!(s.went_out(), None);
                let scores = s.hand_scores();
                assert!(scores.iter().all(|&v| v < 0));
            }
            StockExhausted::Reshuffle => {
                // C-19: the pile's top (6♠) stays, the other 5 become the stock.
                assert_eq!(s.phase(), Phase::Draw);
                assert_eq!(s.pile(), &[id("6S")][..]);
                assert_eq!(s.stock_size(), 5);
                let mut stock = s.stock();
                stock.sort_unstable();
                let mut want = ids("7D 2S 3S 4S 5S");
                want.sort_unstable();
                assert_eq!(stock, want);
            }
        }
    }
}
