/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Unique per build; compared with /build.json to notice a newer deployment. */
  readonly VITE_BUILD_ID: string;
}
