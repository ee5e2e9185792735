/** Files Switchboard itself keeps directly in DATA_DIR (the embedded database adds its own). */
export const ADMIN_TOKEN_FILE = 'admin-token';
export const SIMULATED_CARRIER_FILE = 'simulated-carrier.json';
