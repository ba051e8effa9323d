import fastifyPlugin from 'fastify-plugin';

/*
 * Requests take turns, so the server keeps accepting connections under load (issue 39 item 5,
 * docs/performance.md#issue-39-item-5-a-read-that-stalled-under-load).
 *
 * Node 20's libuv (1.46) accepts one new connection each time round the event loop: its
 * uv__server_io takes a single connection per readiness of the listening socket. And a turn of the
 * loop reads every connection that has a request waiting and, since better-sqlite3 answers
 * synchronously and Kysely's promises settle in the same microtask run, serves each of those
 * requests to the end. Under 200 busy keep-alive connections one turn therefore served up to 200
 * requests, a second and more on a shared two-core machine, while a phone that had just connected
 * waited in the kernel's accept queue for one whole turn per connection ahead of it: 10 s and more
 * with no answer, and a client that gave up and reconnected joined the back of the queue again.
 * Nothing was locked; the newcomers were simply never asked in.
 *
 * So every request waits here first (the first onRequest hook) and is let in from the check phase
 * of a turn (setImmediate), in the order it arrived: at least one request a turn, and more only
 * while that turn has spent less than the budget on requests let in. Each one let in runs to its
 * first real wait (a file, the thread pool, a socket) before the next is considered, so the budget
 * counts its work. And a turn that accepted a connection lets none in, up to a few turns in a row:
 * connections come in bursts (a crowd of phones, clients reconnecting), the next one is probably
 * waiting already, and accepting it costs microseconds, while its request then queues behind the
 * others like any. The loop goes round, accepting and reading the sockets, after at most the budget
 * plus one request; a burst of 200 new connections is in within a few hundred milliseconds instead
 * of 200 turns of everybody's requests.
 */

/** How long a turn may spend on requests before the loop goes round; at least one request is let in whatever it costs. */
const TURN_BUDGET_MS = 2;
/** Slots offered in one turn at most: a turn of cheap requests takes up to this many, and the next turn more. */
const MAX_SLOTS_PER_TURN = 64;
/** Turns in a row that may accept a connection and let no request in; then one lets requests in whatever comes. */
const ACCEPTING_TURNS_IN_A_ROW = 8;

/**
 * The queue of requests waiting for their turn. Each turn offers a number of slots (setImmediate
 * callbacks queued in the turn before, so they all run in this turn's check phase, each followed by
 * the microtasks of the request it let in); a slot lets the next request in while the turn is within
 * its budget, and the last slot queues the next turn's slots if anyone is still waiting.
 */
class RequestTurns {
  readonly #waiting: Array<() => void> = [];
  #slotsLeft = 0;
  #turnStartedAt: number | null = null;
  #letInThisTurn = 0;
  /** How many the last turn that let any in let in: the next turn offers one slot more, to find out whether more fit. */
  #letInLastTurn = 0;
  /** Whether a connection was accepted since the last turn's slots ran (in this turn's poll phase, mostly). */
  #accepted = false;
  #acceptingTurns = 0;

  /** Told of each connection accepted. */
  connected(): void {
    this.#accepted = true;
  }

  /** Calls `letIn` in a coming turn, after every request that waited before it. */
  wait(letIn: () => void): void {
    this.#waiting.push(letIn);
    // Waking from idle: slots queued now (outside the check phase) run in this turn's check phase.
    if (this.#slotsLeft === 0) this.#offerSlots();
  }

  #offerSlots(): void {
    const slots = Math.min(this.#waiting.length, this.#letInLastTurn + 1, MAX_SLOTS_PER_TURN);
    this.#slotsLeft = slots;
    for (let slot = 0; slot < slots; slot++) setImmediate(this.#slot);
  }

  readonly #slot = (): void => {
    const now = performance.now();
    this.#turnStartedAt ??= now;
    this.#slotsLeft -= 1;
    const accepting = this.#accepted && this.#acceptingTurns < ACCEPTING_TURNS_IN_A_ROW;
    try {
      if (!accepting && this.#waiting.length > 0 && (this.#letInThisTurn === 0 || now - this.#turnStartedAt < TURN_BUDGET_MS)) {
        this.#letInThisTurn += 1;
        this.#waiting.shift()!();
      }
    } finally {
      if (this.#slotsLeft === 0) this.#endTurn();
    }
  };

  #endTurn(): void {
    this.#acceptingTurns = this.#letInThisTurn === 0 ? this.#acceptingTurns + 1 : 0;
    if (this.#letInThisTurn > 0) this.#letInLastTurn = this.#letInThisTurn;
    this.#letInThisTurn = 0;
    this.#turnStartedAt = null;
    this.#accepted = false;
    // Queued from the check phase, these slots run in the next turn's, after its poll phase has
    // accepted a connection and read the sockets.
    if (this.#waiting.length > 0) this.#offerSlots();
  }
}

/** Makes every request wait for its turn; registered first, so no other hook runs before it. */
export const requestTurnsPlugin = fastifyPlugin(
  async (app) => {
    const turns = new RequestTurns();
    app.server.on('connection', () => turns.connected());
    app.addHook('onRequest', (_request, _reply, done) => turns.wait(() => done()));
  },
  { name: 'allstall-request-turns' },
);
