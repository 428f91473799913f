// The user routes' shapes, from the generated schema (Gitea's names).
import type { components } from '@/lib/api/schema';

export type HeatmapEntry = components['schemas']['UserHeatmapData'];
export type UserSettings = components['schemas']['UserSettings'];
export type UserSettingsInput = components['schemas']['UserSettingsOptions'];
export type PublicKey = components['schemas']['PublicKey'];
export type AccessToken = components['schemas']['AccessToken'];
