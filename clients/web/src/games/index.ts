import { carioca } from "./carioca.js";
import { loc } from "./loc.js";
import { pedro } from "./pedro.js";
import { perico } from "./perico.js";
import { poker } from "./poker.js";
import type { GameUI } from "./types.js";

export const GAMES: Record<string, GameUI> = { perico, loc, pedro, carioca, poker };
