/* The board's drawing, shared by the replay page (lazytron/replay/webpage.py writes this script into
   it) and the web app of `lazytron serve` (which serves it as /static/board.js): the colours, the
   cell size, and the painting of cells on a canvas. Bitboards come as hex of the Python int (bit i
   is cell i = y * (W + 1) + x); heads as cell indices. */
"use strict";

const COLOURS = {
  free: "#f2f2f2", wall: "#6b6b6b", trail: ["#1f5fa8", "#a8561f"], head: ["#2e8fff", "#ff8a1f"],
  shade: ["#c6dcf7", "#f7dcc3"], tie: "#e3d7ee", crash: "#d01010", text: "#ffffff",
  line: ["#0b3d75", "#7a3a0c"], depth: ["#7fa6d4", "#d4a57f"], moment: { drop: "#d01010", apart: "#222", surprise: "#888" },
};

/* A bitboard (hex of the Python int) as one flag per cell index. */
function bits(hex, size) {
  const cells = new Uint8Array(size);
  for (let k = 0; k < hex.length; k++) {
    const digit = parseInt(hex[hex.length - 1 - k], 16);
    for (let b = 0; b < 4; b++) {
      const i = 4 * k + b;
      if (i < size && (digit >> b) & 1) cells[i] = 1;
    }
  }
  return cells;
}

function cellSize(width, height) {
  return Math.max(4, Math.min(32, Math.floor(Math.min(720 / width, 560 / height))));
}

/* A canvas sized for a board at the screen's pixel ratio, and its painters: fill(i, colour) paints
   cell i (and gives its corner), label(i, text, colour) paints it with the text on top. */
function boardCanvas(canvas, width, height) {
  const stride = width + 1, ctx = canvas.getContext("2d"), cell = cellSize(width, height);
  const ratio = window.devicePixelRatio || 1;
  canvas.width = width * cell * ratio;
  canvas.height = height * cell * ratio;
  canvas.style.width = width * cell + "px";
  canvas.style.height = height * cell + "px";
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);

  function fill(i, colour) {
    const x = i % stride, y = (i - x) / stride;
    ctx.fillStyle = colour;
    ctx.fillRect(x * cell, y * cell, cell, cell);
    return [x * cell, y * cell];
  }

  function label(i, text, colour) {
    const [x, y] = fill(i, colour);
    if (cell < 10) return;
    ctx.fillStyle = COLOURS.text;
    ctx.font = `bold ${Math.floor(cell * 0.7)}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, x + cell / 2, y + cell / 2 + 1);
  }

  return { ctx, cell, fill, label };
}

/* A drawer for one board on a canvas: draw(heads, t, crashes, layers) shows position t of the
   heads' list (every earlier head a trail), and the crash marks if given. The optional layers:
   ground(i) gives free cell i's colour (the replay's territories), over() paints above the trails
   and below the heads (the replay's outlines and expected line). The canvas's painters come with it. */
function makeBoard(canvas, width, height, wallsHex) {
  const stride = width + 1, size = stride * height, walls = bits(wallsHex, size);
  const painters = boardCanvas(canvas, width, height), { fill, label } = painters;

  function draw(heads, t, crashes, layers = {}) {
    const ground = layers.ground || (() => COLOURS.free);
    for (let i = 0; i < size; i++) {
      if (i % stride === width) continue;
      fill(i, walls[i] ? COLOURS.wall : ground(i));
    }
    for (let k = 0; k < t; k++) heads[k].forEach((i, p) => fill(i, COLOURS.trail[p]));
    if (layers.over) layers.over();
    heads[t].forEach((i, p) => label(i, String(p + 1), COLOURS.head[p]));
    (crashes || []).forEach((i) => label(i, "X", COLOURS.crash));
  }

  return { ...painters, draw };
}
