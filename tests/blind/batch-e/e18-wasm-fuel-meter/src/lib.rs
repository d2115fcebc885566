//! Fuel metering of a WebAssembly interpreter.

pub mod executor;
pub mod fuel;

pub use fuel::{Fuel, FuelCosts, FuelCostsProvider, FuelError};

/// Engine configuration.
#[derive(Debug, Clone, Default)]
pub struct Config {
    consume_fuel: bool,
    fuel_costs: FuelCostsProvider,
    max_stack_height: Option<usize>,
}

impl Config {
    /// Enable or disable fuel metering.
    pub fn consume_fuel(&mut self, enable: bool) -> &mut Self {
        self.consume_fuel = enable;
        self
    }

    /// Use custom fuel costs.
    pub fn fuel_costs(&mut self, costs: FuelCostsProvider) -> &mut Self {
        self.fuel_costs = costs;
        self
    }

    /// Limit the value stack height.
    pub fn set_max_stack_height(&mut self, height: usize) -> &mut Self {
        self.max_stack_height = Some(height);
        self
    }

    /// Reads `WASM_CONSUME_FUEL=1` and `WASM_MAX_STACK_HEIGHT`.
    pub fn from_env() -> Config {
        let mut config = Config::default();
        config.consume_fuel(std::env::var("WASM_CONSUME_FUEL").map_or(false, |v| v == "1"));
        if let Some(h) = std::env::var("WASM_MAX_STACK_HEIGHT").ok().and_then(|v| v.parse::<usize>().ok()) {
            config.set_max_stack_height(h);
        }
        config
    }

    pub fn get_consume_fuel(&self) -> bool {
        self.consume_fuel
    }

    pub(crate) fn max_stack_height(&self) -> usize {
        self.max_stack_height.unwrap_or(1024 * 1024)
    }
}

/// The store that owns all runtime data, including the fuel.
#[derive(Debug)]
pub struct Store<T> {
    pub(crate) fuel: Fuel,
    pub(crate) config: Config,
    pub(crate) memory: Vec<u8>,
    data: T,
}

impl<T> Store<T> {
    pub fn new(config: &Config, data: T) -> Self {
        Store {
            fuel: Fuel::new(config.get_consume_fuel(), config.fuel_costs.clone()),
            config: config.clone(),
            memory: vec![0; 64 * 1024],
            data,
        }
    }

    /// Sets the remaining fuel of the store to `fuel`.
    pub fn set_fuel(&mut self, fuel: u64) -> Result<(), FuelError> {
        self.fuel.set_fuel(fuel)
    }

    /// Returns the amount of fuel left in the store.
    pub fn get_fuel(&self) -> Result<u64, FuelError> {
        self.fuel.get_fuel()
    }

    pub fn data(&self) -> &T {
        &self.data
    }
}
