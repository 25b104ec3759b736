// The master admin's public entry: the instances and the master panel.
export { createInstances, type Instances } from './instances';
export { createMasterPanel, type MasterPanelService } from './panel';
