pub mod config;
pub mod model;
pub mod session;

pub fn estimate_token_length(text: &str) -> usize {
    let output: f32 = text
        .split_whitespace()
        .map(|word| if word.is_ascii() { 1.3 } else { word.chars().count() as f32 * 0.5 })
        .sum();
    output.ceil() as usize
}
