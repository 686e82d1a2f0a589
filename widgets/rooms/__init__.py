"""The screens of game rooms: a student's seat, the projector's table, the teacher's console."""
