export interface SettingsTable {
  key: string;
  value: string;
  updated_at_ms: number;
}
