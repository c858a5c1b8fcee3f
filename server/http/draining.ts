// A stopping instance first says it is not ready (docs/operations.md "Rolling deploys"): the balancer's readiness
// checks take it out of rotation while it still serves, then it stops accepting and finishes what is in flight.
let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
