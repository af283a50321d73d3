//! Times a one-thread batch of rummy hands: `rummy_speed [hands] [greedy|random]`.
#![allow(clippy::cast_precision_loss, clippy::print_stdout)]
mod common;

use common::{arg, hands_arg};
use hearts_engine::batch::simulate;
use hearts_engine::rummy::sim::{RummyBatch, RummyPolicy};
use hearts_engine::rummy::RummyRules;
use std::time::Instant;

fn main() {
    common::one_thread();
    let n = hands_arg(1, 2000);
    let policy = arg(
        2,
        |p| (p == "random").then_some(RummyPolicy::Random),
        RummyPolicy::Greedy,
    );
    let rules = RummyRules::default();
    let t = Instant::now();
    let b = RummyBatch {
        rules,
        seed: 1,
        policies: &[policy; 6],
    };
    let out = simulate(&b, 0, n, 64).expect("the result fits in memory");
    let dt = t.elapsed().as_secs_f64();
    let out_rate = out.went_out.iter().filter(|&&w| w >= 0).count() as f64 / n as f64;
    let turns = out.turns.iter().map(|&t| f64::from(t)).sum::<f64>() / n as f64;
    println!(
        "{n} hands in {dt:.3} s: {:.0} hands/s; someone went out in {:.1}%; {turns:.1} turns per hand",
        n as f64 / dt,
        100.0 * out_rate
    );
}
