// The age gate's public entry: the service that reads and records a visitor's pass.
export { type AgeGateService, createAgeGateService, type GateState } from './service';
