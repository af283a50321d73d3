//! Criterion benches of the vector environments: one step of 1024 environments (the
//! learner's first legal action, random opponents, compact observations and masks written,
//! finished hands reset). `cargo bench -p hearts-engine --bench env`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hearts_engine::env::{Buffers, EnvGame, Episode, Kind, Layout, Reward, VectorEnv};
use hearts_engine::hearts::env::{HeartsConfig, HeartsEnv};
use hearts_engine::hearts::policy::{Policy, TablePolicy};
use hearts_engine::hearts::HeartsRules;
use hearts_engine::spades::env::{SpadesConfig, SpadesEnv};
use hearts_engine::spades::policy::Policy as SpadesPolicy;
use hearts_engine::spades::SpadesRules;

const ENVS: usize = 1024;

struct Bufs {
    obs: Vec<f32>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    seat_rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    seat: Vec<i8>,
    final_obs: Vec<f32>,
}

impl Bufs {
    fn new(size: usize, actions: usize, players: usize) -> Bufs {
        Bufs {
            obs: vec![0.0; ENVS * size],
            mask: vec![false; ENVS * actions],
            rewards: vec![0.0; ENVS],
            seat_rewards: vec![0.0; ENVS * players],
            terminated: vec![false; ENVS],
            truncated: vec![false; ENVS],
            seat: vec![0; ENVS],
            final_obs: vec![0.0; ENVS * size],
        }
    }
    fn view(&mut self) -> Buffers<'_> {
        Buffers {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            seat_rewards: &mut self.seat_rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            seat: &mut self.seat,
            final_obs: &mut self.final_obs,
        }
    }
}

fn run<G: EnvGame>(c: &mut Criterion, name: &str, cfg: G::Config, players: usize) {
    let mut env =
        VectorEnv::<G>::new(cfg, ENVS, 1, 1, true, Kind::Observation, Layout::Compact).unwrap();
    let mut b = Bufs::new(env.size(), G::ACTIONS, players);
    env.reset(None, None, &mut b.view()).unwrap();
    let mut actions = vec![0i64; ENVS];
    let mut group = c.benchmark_group("env");
    group.throughput(Throughput::Elements(ENVS as u64));
    group.bench_function(name, |bch| {
        bch.iter(|| {
            for (i, a) in actions.iter_mut().enumerate() {
                let row = &b.mask[i * G::ACTIONS..(i + 1) * G::ACTIONS];
                *a = row.iter().position(|&m| m).unwrap_or(0) as i64;
            }
            env.step(&actions, &mut b.view()).unwrap();
        });
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let hearts = HeartsConfig {
        rules: HeartsRules::default(),
        policies: TablePolicy::uniform(Policy::Random),
        episode: Episode::Hand,
        reward: Reward::Hand,
    };
    run::<HeartsEnv>(c, "hearts step x1024", hearts, 4);
    let spades = SpadesConfig {
        rules: SpadesRules::default(),
        policies: [SpadesPolicy::Random; 4],
        episode: Episode::Hand,
        reward: Reward::Hand,
    };
    run::<SpadesEnv>(c, "spades step x1024", spades, 4);
}

criterion_group!(benches, bench);
criterion_main!(benches);
