// Seat credentials kept in the browser (localStorage), by match, so a reload resumes.
export interface SeatCredential {
  seat: number;
  token: string;
}

const key = (matchId: string) => `cardroom.seat.${matchId}`;

export function saveSeat(matchId: string, credential: SeatCredential): void {
  localStorage.setItem(key(matchId), JSON.stringify(credential));
}

export function loadSeat(matchId: string): SeatCredential | null {
  const raw = localStorage.getItem(key(matchId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SeatCredential;
    return typeof parsed.seat === "number" && typeof parsed.token === "string" ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetSeat(matchId: string): void {
  localStorage.removeItem(key(matchId));
}
