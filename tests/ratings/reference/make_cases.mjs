// Writes the reference fixture for tests/ratings (ratings_tests): each case's new ratings
// as the npm package openskill (pinned in package.json) computes them with its default
// model, PlackettLuce. Test-only; never shipped.
//   cd tests/ratings/reference && npm ci && node make_cases.mjs > cases.json
import { readFileSync } from 'node:fs'
import { rate, rating } from 'openskill'

const version = JSON.parse(
  readFileSync(new URL('./node_modules/openskill/package.json', import.meta.url), 'utf8')
).version

// A fixed linear congruential generator, so the fixture is the same on every run.
let seed = 20260049
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const pick = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1))
const randomRating = () => ({ mu: 10 + random() * 30, sigma: 1 + random() * 8 })
const plain = (r) => ({ mu: r.mu, sigma: r.sigma })

// Ranks for n teams: a random finishing order, with ties when `ties` (neighbours in the
// order share a place with probability one in three). Lower is better.
const randomRanks = (n, ties) => {
  const order = [...Array(n).keys()]
  for (let i = n - 1; i > 0; i -= 1) {
    const j = pick(0, i)
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  const ranks = new Array(n)
  let place = 1
  order.forEach((team, k) => {
    if (k > 0 && !(ties && random() < 1 / 3)) place = k + 1
    ranks[team] = place
  })
  return ranks
}

const cases = []
const add = (name, teams, ranks, options) => {
  const expected = rate(teams, { ...(options ?? {}), rank: ranks }).map((t) => t.map(plain))
  const c = { name, teams: teams.map((t) => t.map(plain)), ranks, expected }
  if (options) c.options = options
  cases.push(c)
}

// Free-for-all, 2 to 10 players: new players in listed order, random players, ties.
for (let n = 2; n <= 10; n += 1) {
  add(`ffa${n}_new_players`, [...Array(n)].map(() => [rating()]), [...Array(n)].map((_, i) => i + 1))
  add(`ffa${n}_random`, [...Array(n)].map(() => [randomRating()]), randomRanks(n, false))
  add(`ffa${n}_random_ties`, [...Array(n)].map(() => [randomRating()]), randomRanks(n, true))
}
add('ffa2_tie_new_players', [[rating()], [rating()]], [1, 1])
add('ffa4_all_tied', [...Array(4)].map(() => [randomRating()]), [2, 2, 2, 2])
add('ffa5_sparse_ranks', [...Array(5)].map(() => [randomRating()]), [7, 3, 3, 10, -2])
add('ffa3_upset', [[{ mu: 10, sigma: 2 }], [{ mu: 40, sigma: 2 }], [{ mu: 25, sigma: 8 }]], [1, 3, 2])
add('ffa2_far_apart', [[{ mu: 120, sigma: 1 }], [{ mu: -30, sigma: 12 }]], [1, 2])
add('ffa2_favourite_wins', [[{ mu: 60, sigma: 0.5 }], [{ mu: 5, sigma: 0.5 }]], [1, 2])
add('ffa3_tied_winners_one_strong', [[{ mu: 45, sigma: 3 }], [{ mu: 15, sigma: 3 }], [{ mu: 20, sigma: 6 }]], [1, 1, 2])

// Teams of two (Pedro's partnerships), with and without ties.
for (let k = 0; k < 6; k += 1) {
  add(`2v2_${k}`, [[randomRating(), randomRating()], [randomRating(), randomRating()]], randomRanks(2, k >= 4))
}
add('2v2_new_players', [[rating(), rating()], [rating(), rating()]], [1, 2])
add('2v2_tie_new_players', [[rating(), rating()], [rating(), rating()]], [1, 1])
add('2v2v2', [[randomRating(), randomRating()], [randomRating(), randomRating()], [randomRating(), randomRating()]], [2, 1, 3])

// Uneven teams.
const team = (size) => [...Array(size)].map(() => randomRating())
add('1v2', [team(1), team(2)], [1, 2])
add('2v1', [team(2), team(1)], [1, 2])
add('3v1v2', [team(3), team(1), team(2)], [2, 1, 3])
add('1v1v4_tie', [team(1), team(1), team(4)], [1, 2, 1])
add('5v3', [team(5), team(3)], [2, 1])
add('1v3v2v1', [team(1), team(3), team(2), team(1)], [4, 2, 2, 1])
add('2v2v1v1v1', [team(2), team(2), team(1), team(1), team(1)], randomRanks(5, true))

// The package's options (the C++ Options), off their defaults.
add('opt_tau0', [team(1), team(1), team(1)], [1, 2, 3], { tau: 0 })
add('opt_limit_sigma', [[{ mu: 40, sigma: 0.3 }], [{ mu: 10, sigma: 0.3 }]], [1, 2], { limitSigma: true })
add('opt_limit_sigma_teams', [team(2), team(2)], [2, 1], { limitSigma: true })
add('opt_beta', [team(1), team(2)], [1, 2], { beta: 10 })
add('opt_kappa_floor', [[{ mu: 25, sigma: 40 }], [{ mu: 25, sigma: 40 }]], [1, 2], { kappa: 0.2 })

// Sequences: ratings carry over from match to match; every match lists each seated
// player's rating after it.
const sequences = []
const sequence = (name, players, matches) => {
  const current = Object.fromEntries(Object.entries(players).map(([id, r]) => [id, plain(r)]))
  const start = JSON.parse(JSON.stringify(current))
  const out = matches.map(({ teams, ranks }) => {
    const result = rate(teams.map((t) => t.map((id) => current[id])), { rank: ranks })
    const after = {}
    teams.forEach((t, i) => t.forEach((id, j) => {
      current[id] = plain(result[i][j])
      after[id] = current[id]
    }))
    return { teams, ranks, after }
  })
  sequences.push({ name, players: start, matches: out })
}
{
  const ids = ['ana', 'ben', 'cai', 'dot', 'eva', 'fyn']
  const players = Object.fromEntries(ids.map((id) => [id, rating()]))
  const matches = []
  for (let m = 0; m < 10; m += 1) {
    const n = pick(2, 6)
    const seated = [...ids].sort(() => random() - 0.5).slice(0, n)
    matches.push({ teams: seated.map((id) => [id]), ranks: randomRanks(n, m % 3 === 2) })
  }
  sequence('club_night_ffa', players, matches)
}
{
  const players = { n: rating(), e: rating(), s: { mu: 30, sigma: 4 }, w: rating() }
  const pairings = [[['n', 's'], ['e', 'w']], [['n', 'e'], ['s', 'w']], [['n', 'w'], ['e', 's']]]
  const matches = []
  for (let m = 0; m < 9; m += 1) {
    matches.push({ teams: pairings[m % 3], ranks: randomRanks(2, m === 4) })
  }
  sequence('pedro_partnerships', players, matches)
}
{
  const players = { a: rating(), b: rating() }
  const matches = [...Array(12)].map((_, m) => ({ teams: [['a'], ['b']], ranks: m < 8 ? [1, 2] : [2, 1] }))
  sequence('head_to_head_streak', players, matches)
}
{
  const players = { x: { mu: 35, sigma: 2 }, y: rating(), z: { mu: 18, sigma: 6 }, q: rating(), r: rating() }
  const matches = [
    { teams: [['x'], ['y', 'z']], ranks: [1, 2] },
    { teams: [['x', 'y'], ['z'], ['q', 'r']], ranks: [2, 1, 3] },
    { teams: [['q'], ['r'], ['x'], ['y'], ['z']], ranks: [1, 1, 3, 4, 4] },
    { teams: [['r', 'x', 'z'], ['q', 'y']], ranks: [2, 1] },
    { teams: [['z'], ['x']], ranks: [1, 1] },
  ]
  sequence('mixed_teams', players, matches)
}

const count = cases.length + sequences.reduce((n, s) => n + s.matches.length, 0)
process.stdout.write(
  JSON.stringify({ generator: 'make_cases.mjs', openskill: version, model: 'PlackettLuce', matches: count, cases, sequences }, null, 1) + '\n'
)
