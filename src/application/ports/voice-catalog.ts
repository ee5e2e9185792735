export interface Voice {
  readonly id: string;
  readonly name: string;
  readonly provider: string;
  readonly gender: string | null;
  readonly accent: string | null;
  readonly language: string | null;
  readonly previewAudioUrl: string | null;
}

/** The text-to-speech voices the carrier can speak with. */
export interface VoiceCatalog {
  listVoices(): Promise<readonly Voice[]>;
}
