// Public surface of responsible gaming (shared/spec/responsible-gaming.md): pure rules.
export * from './rules';
