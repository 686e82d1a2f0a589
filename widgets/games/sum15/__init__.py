"""Sum 15 in the classroom: real cards with the computer as referee, seat by seat, play."""
