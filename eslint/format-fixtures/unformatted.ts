// Deliberately unformatted (double quotes, no trailing comma, a line over 140 characters once joined).
export const sample = { "alpha": 1, beta: [1,2,3],
  gamma: "text" }
