/**
 * Sizes of a benchmark run. The full run is what the targets are about (50,000 products,
 * 32 connections); `--quick` keeps the same shape at a size CI can afford in a minute or two.
 */
export interface BenchOptions {
  quick: boolean;
  /** Catalogue size of the server under load. */
  serverProducts: number;
  /** Catalogue size of the offline (local) figures. */
  localProducts: number;
  connections: number;
  warmupSeconds: number;
  loadSeconds: number;
  /** Health-route baseline runs are shorter: its figures settle fast. */
  baselineSeconds: number;
  /** Repeats of each load; the table shows their median. */
  loadRepeats: number;
  profileSeconds: number;
  orderSeconds: number;
  orderRepeats: number;
  orderOnPostgres: boolean;
  lighthouseRuns: number;
  lighthousePages: ('home' | 'category' | 'product')[];
  /** Lighthouse repeats stop (after one run of each page) once the run has used this much time. */
  budgetSeconds: number;
  /** Catalogue sizes of the replica-scale phase (issue 32): a first visit's whole download over 4G at each. */
  replicaSizes: number[];
  /** Only the named phases, e.g. `--only=search,first-visit` (for working on one figure). */
  only: string[] | undefined;
}

export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes('--quick');
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  const base: BenchOptions = quick
    ? {
        quick, serverProducts: 5_000, localProducts: 5_000, connections: 32, warmupSeconds: 2, loadSeconds: 4, baselineSeconds: 2,
        loadRepeats: 3, profileSeconds: 3, orderSeconds: 3, orderRepeats: 1, orderOnPostgres: false, lighthouseRuns: 1,
        lighthousePages: ['home'], budgetSeconds: 150, replicaSizes: [5_000], only,
      }
    : {
        quick, serverProducts: 50_000, localProducts: 10_000, connections: 32, warmupSeconds: 5, loadSeconds: 10, baselineSeconds: 5,
        loadRepeats: 3, profileSeconds: 5, orderSeconds: 5, orderRepeats: 3, orderOnPostgres: true, lighthouseRuns: 3,
        lighthousePages: ['home', 'category', 'product'], budgetSeconds: 540, replicaSizes: [50_000, 200_000], only,
      };
  // `--local-products=N`: the browser figures (first visit, Lighthouse, the catalogue worker) at
  // another catalogue size, e.g. the 2,000-product demo that `npm start` seeds.
  const local = Number(argv.find((a) => a.startsWith('--local-products='))?.slice('--local-products='.length));
  if (Number.isInteger(local) && local > 0) base.localProducts = local;
  // `--replica-products=50000`: the replica-scale phase at the named sizes only.
  const replica = argv.find((a) => a.startsWith('--replica-products='))?.slice('--replica-products='.length).split(',').map(Number);
  if (replica?.length && replica.every((n) => Number.isInteger(n) && n > 0)) base.replicaSizes = replica;
  return base;
}

export const runsPhase = (options: BenchOptions, phase: string): boolean => !options.only || options.only.includes(phase);
