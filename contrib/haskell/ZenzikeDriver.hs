-- lazytron's driver for the Haskell original (zenzike, Google AI Challenge
-- 2010, Tron): the original's own functions behind two command lines that
-- lazytron can compare with itself.
--
--   zenzike-driver analyse D   for each map on stdin: "first MOVE", then
--                              "DEPTH SCORE MOVE" for DEPTH = 2, 4, .., D,
--                              then "end" (lazytron analyse's format)
--   zenzike-driver bot D       the contest protocol, searching depth D on
--                              every turn, no clock (odd D rounds down)
--
-- The original is not part of lazytron: build.sh compiles this file against
-- your copy of it as the module Zenzike.  Only these functions of it are
-- used: getBoard, initTree, bestScores, inherit, getEnemyMove, makeMove
-- (and its types Walls and Players).
module Main (main) where

import Data.Char (isSpace)
import System.Environment (getArgs)
import System.Exit (exitFailure)
import System.IO (BufferMode (LineBuffering), hPutStrLn, hSetBuffering, stderr, stdout)
import Text.Read (readMaybe)

import Zenzike (Players, Walls, bestScores, getBoard, getEnemyMove, inherit, initTree, makeMove)

-- | A map as the contest sends it: width, height and its rows.
data Grid = Grid Int Int [String]

main :: IO ()
main = do
  args <- getArgs
  hSetBuffering stdout LineBuffering
  case args of
    ["analyse", d] | Just depth <- readDepth d -> respond (analyse depth)
    ["bot", d] | Just depth <- readDepth d -> respond (play depth)
    _ -> hPutStrLn stderr "usage: zenzike-driver analyse D | zenzike-driver bot D" >> exitFailure
  where
    -- Input is read lazily, so every answer is printed as soon as its map is in.
    respond answers = getContents >>= mapM_ putStrLn . answers . grids . lines

readDepth :: String -> Maybe Int
readDepth text = readMaybe text >>= \d -> if d >= 0 then Just d else Nothing

-- | The maps in a stream of lines, blank lines between them skipped.  A
-- malformed map stops the program with one line naming where it starts.
grids :: [String] -> [Grid]
grids = go (1 :: Int)
  where
    go _ [] = []
    go n (l : ls)
      | all isSpace l = go (n + 1) ls
      | [Just w, Just h] <- map readMaybe (words l), w > 0, h > 0 =
          let (rows, rest) = splitAt h (map (takeWhile (/= '\r')) ls)
           in checked n w h rows : go (n + 1 + h) rest
      | otherwise = bad n ("expected 'W H', got " ++ show l)
    checked n w h rows
      | length rows < h = bad n ("cut off: " ++ show (length rows) ++ " of " ++ show h ++ " rows")
      | any ((/= w) . length) rows = bad n ("a row is not " ++ show w ++ " cells wide")
      | any (\c -> length (filter (== c) (concat rows)) /= 1) "12" = bad n "expected one 1 and one 2"
      | otherwise = Grid w h rows
    bad n why = errorWithoutStackTrace ("map at line " ++ show n ++ ": " ++ why)

-- | The analyser: a fresh tree per map, its bestScores printed up to the depth.
analyse :: Int -> [Grid] -> [String]
analyse depth = concatMap answer
  where
    answer grid =
      let first : deeper = bestScores (uncurry initTree (board grid))
       in ("first " ++ show (snd first))
            : [unwords [show d, show score, show move] | (d, (score, move)) <- zip [2, 4 .. depth] deeper]
            ++ ["end"]

-- | The bot: one tree for the whole game, re-rooted on both moves of every
-- turn as the original does; the enemy's move is read off the next map.
play :: Int -> [Grid] -> [String]
play _ [] = []
play depth (start : later) = turns (uncurry initTree (board start)) start later
  where
    turns tree grid next =
      let move = snd (bestScores tree !! (depth `div` 2))
       in makeMove move : case next of
            [] -> []
            grid' : rest -> turns (inherit (inherit tree move) (enemyMove grid' (enemyAt grid))) grid' rest
    enemyMove (Grid w h rows) = getEnemyMove w h rows
    enemyAt = snd . snd . board

board :: Grid -> (Walls, Players)
board (Grid w h rows) = getBoard w h rows
