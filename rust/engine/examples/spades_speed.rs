//! Times a one-thread batch of Spades hands: `spades_speed [preset] [hands] [policy]`.
#![allow(clippy::cast_precision_loss, clippy::print_stdout)]

mod common;

use common::{arg, hands_arg};
use hearts_engine::batch::simulate;
use hearts_engine::spades::policy::Policy;
use hearts_engine::spades::sim::SpadesBatch;
use hearts_engine::spades::{SpadesPreset, SpadesRules};
use std::time::Instant;

fn main() {
    common::one_thread();
    let preset = arg(1, SpadesPreset::from_name, SpadesPreset::OpenSpiel);
    let n = hands_arg(2, 2_000_000);
    let policy = arg(
        3,
        |p| (p == "heuristic").then_some(Policy::Heuristic),
        Policy::Random,
    );
    let b = SpadesBatch {
        rules: SpadesRules::preset(preset),
        seed: 1,
        policies: [policy; 4],
    };
    let t = Instant::now();
    let out = simulate(&b, 0, n, 1 << 16).expect("the result fits in memory");
    let dt = t.elapsed().as_secs_f64();
    let mean: f64 = out.hand_scores.iter().map(|&x| f64::from(x)).sum::<f64>() / n as f64;
    println!(
        "{n} hands in {dt:.3} s: {:.0} hands/s (mean team score {mean:.2})",
        n as f64 / dt
    );
}
