pub mod definitions;
pub mod mcp_service;
pub mod task_executor;
