"""The class record's screens: the student's name bar and board cover, the teacher's
Progress view, the projector's chosen answer."""
